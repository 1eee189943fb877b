package dev.llmh.embedded.tools;

import dev.llmh.embedded.engine.Engine.Completion;
import dev.llmh.embedded.engine.Engine.CompletionRequest;
import dev.llmh.embedded.engine.LlamaEngine;
import dev.llmh.embedded.model.ModelFiles;
import dev.llmh.embedded.model.ModelSpec;
import java.nio.file.Path;
import java.util.List;

/**
 * Measures prefill and decode speed of a model size (not a test; run by hand):
 * {@code java -cp <test classpath> dev.llmh.embedded.tools.MeasureSpeed small}. Files go under target/.
 */
public final class MeasureSpeed {

  public static void main(String[] args) throws Exception {
    ModelSpec spec = ModelSpec.byName(args.length > 0 ? args[0] : "small");
    Path target = Path.of("target").toAbsolutePath();
    long t0 = System.nanoTime();
    Path file = ModelFiles.ensure(spec, target.resolve("models"));
    System.out.printf("model %s ready in %.1f s%n", file.getFileName(), (System.nanoTime() - t0) / 1e9);
    try (LlamaEngine engine = LlamaEngine.open(file, spec, 1, Math.min(4096, spec.context()), target.resolve("jllama-native"))) {
      System.out.println(engine.info());
      run(engine, "Define latency.", 64);
      run(engine, "Define latency.", 64);
      run(engine, "Summarise this: " + "word ".repeat(500), 32);
      run(engine, "Summarise this: " + "word ".repeat(2000), 32);
      run(engine, "Summarise this: " + "word ".repeat(2000), 32);
      run(engine, "Define latency.", 512);
      run(engine, "Summarise this: " + "word ".repeat(3000), 512);
    } finally {
      System.exit(0); // java-llama.cpp leaves a non-daemon native thread behind
    }
  }

  private static void run(LlamaEngine engine, String prompt, int maxTokens) throws Exception {
    StringBuilder text = new StringBuilder();
    Completion c = engine.complete(new CompletionRequest(prompt, maxTokens, 0.0, 42, List.of(), false, null),
        text::append);
    System.out.printf("prompt %5d tok: prefill %7.1f ms (%6.0f tok/s) | %4d tok decoded in %7.1f ms = %5.1f tok/s | %s%n",
        c.promptTokens(), c.promptMs(), c.promptTokens() / c.promptMs() * 1000, c.completionTokens(), c.predictedMs(),
        (c.completionTokens() - 1) / c.predictedMs() * 1000, text.substring(0, Math.min(70, text.length())));
  }
}
