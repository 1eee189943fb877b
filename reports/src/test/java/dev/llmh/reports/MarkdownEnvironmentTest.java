package dev.llmh.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkdownEnvironmentTest {

  @Test
  void serversAreARowPerModelAndEveryItemNotLearntIsListedWithItsReason() {
    Map<String, Object> environment = new LinkedHashMap<>();
    environment.put("cpuModel", "AMD EPYC 7B13");
    environment.put("loadAverageBefore", List.of(0.5, 0.25, 0.1));
    environment.put("notMeasured", List.of("gpus: no nvidia-smi on PATH"));
    environment.put("servers", List.of(Map.of(
        "endpoint", "http://gpu:11434", "server", "ollama", "version", "0.6.2",
        "models", List.of(
            Map.of("model", "qwen3.5:4b", "quantization", "Q4_K_M", "parameterSize", "4.0B", "contextLength", 32768),
            Map.of("model", "gemma4:e4b", "file", "/models/gemma.gguf")),
        "notMeasured", List.of("model file (qwen3.5:4b): the Modelfile's FROM line is no path"))));
    StringBuilder out = new StringBuilder();
    MarkdownEnvironment.render(out, environment);
    assertThat(out.toString()).isEqualTo("""
        ## Environment

        | property | value |
        |---|---|
        | cpuModel | AMD EPYC 7B13 |
        | loadAverageBefore | 0.5, 0.25, 0.1 |

        ### Servers

        | endpoint | server | version | model | file | quantisation | parameters | context |
        |---|---|---|---|---|---|---|---|
        | http://gpu:11434 | ollama | 0.6.2 | qwen3.5:4b | – | Q4_K_M | 4.0B | 32768 |
        | http://gpu:11434 | ollama | 0.6.2 | gemma4:e4b | /models/gemma.gguf | – | – | – |

        Not measured:

        - gpus: no nvidia-smi on PATH
        - http://gpu:11434: model file (qwen3.5:4b): the Modelfile's FROM line is no path

        """);
  }
}
