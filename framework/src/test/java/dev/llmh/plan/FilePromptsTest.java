package dev.llmh.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilePromptsTest {
  @TempDir Path classpath;

  private FilePrompts load(String text) throws Exception {
    Files.writeString(classpath.resolve("prompts.jsonl"), text);
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classpath.toUri().toURL()}, null)) {
      return FilePrompts.load(loader, "prompts.jsonl");
    }
  }

  @Test
  void promptLinesAndShareGptConversationsInFileOrderCycling() throws Exception {
    String text = "{\"prompt\": \"Define latency.\"}\n"
        + "\n"
        + "{\"conversations\": [{\"from\": \"system\", \"value\": \"Be brief.\"}, {\"from\": \"human\", \"value\": \"What is TTFT?\"},"
        + " {\"from\": \"gpt\", \"value\": \"Time to first token.\"}, {\"from\": \"human\", \"value\": \"And TPOT?\"}]}\r\n"
        + "{\"prompt\": \"Summarise this.\", \"id\": 7}\n";
    FilePrompts file = load(text);
    assertThat(file.prompts()).containsExactly("Define latency.", "What is TTFT?", "Summarise this.");
    assertThat(file.prompt(0)).isEqualTo("Define latency.");
    assertThat(file.prompt(4)).isEqualTo("What is TTFT?");
    assertThat(file.sha256()).isEqualTo(FilePrompts.sha256(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void aMalformedLineIsNamedWithItsFileAndNumber() {
    assertThatThrownBy(() -> load("{\"prompt\": \"ok\"}\n{\"prompt\": \"ok\"\n"))
        .hasMessageStartingWith("prompts.jsonl line 2: not JSON");
    assertThatThrownBy(() -> load("{\"prompt\": \"ok\"}\n\n{\"text\": \"no\"}\n"))
        .hasMessageStartingWith("prompts.jsonl line 3: has neither \"prompt\" nor \"conversations\"");
    assertThatThrownBy(() -> load("{\"prompt\": 5}\n")).hasMessageStartingWith("prompts.jsonl line 1: \"prompt\" is not a non-blank string");
    assertThatThrownBy(() -> load("{\"conversations\": [{\"from\": \"gpt\", \"value\": \"hi\"}]}\n"))
        .hasMessageStartingWith("prompts.jsonl line 1: \"conversations\" has no turn from \"human\"");
    assertThatThrownBy(() -> load("[1, 2]\n")).hasMessageStartingWith("prompts.jsonl line 1: not a JSON object");
    assertThatThrownBy(() -> load("\n  \n")).hasMessageStartingWith("prompts.jsonl has no prompts");
  }

  @Test
  void eachLineMayCarryACategoryForAJudgedSuite() throws Exception {
    FilePrompts file = load("{\"prompt\": \"a\", \"category\": \"facts\"}\n{\"prompt\": \"b\"}\n"
        + "{\"conversations\": [{\"from\": \"human\", \"value\": \"c\"}], \"category\": \"style\"}\n");
    assertThat(file.categories()).containsExactly("facts", null, "style");
    assertThat(file.category(3)).isEqualTo("facts");
    assertThat(file.category(4)).isNull();
    assertThatThrownBy(() -> load("{\"prompt\": \"a\", \"category\": 3}\n"))
        .hasMessageStartingWith("prompts.jsonl line 1: \"category\" is not a non-blank string");
  }

  @Test
  void aMissingFileSaysWhereItIsLookedFor() throws Exception {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classpath.toUri().toURL()}, null)) {
      assertThatThrownBy(() -> FilePrompts.load(loader, "data/missing.jsonl"))
          .hasMessage("@PromptFile(\"data/missing.jsonl\"): no such file on the test classpath; put it under "
              + "src/test/resources/data/missing.jsonl");
    }
  }
}
