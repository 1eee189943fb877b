package dev.llmh.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three shapes servers write log-probabilities in. */
class LogprobsParserTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static List<TokenLogprobs> parse(String json) throws Exception {
    return LogprobsParser.parse(MAPPER.readTree(json));
  }

  @Test
  void legacyCompletions() throws Exception {
    List<TokenLogprobs> p = parse("{\"choices\":[{\"text\":\" a b\",\"logprobs\":{\"tokens\":[\" a\",\" b\"],"
        + "\"token_logprobs\":[-0.1,-0.2],\"top_logprobs\":[{\" a\":-0.1,\" c\":-2.5},{\" b\":-0.2,\" a\":-3.0}]}}]}");
    assertThat(p).extracting(TokenLogprobs::token).containsExactly(" a", " b");
    assertThat(p.get(1).top()).containsEntry(" a", -3.0).hasSize(2);
  }

  @Test
  void chatShape() throws Exception {
    List<TokenLogprobs> p = parse("{\"choices\":[{\"logprobs\":{\"content\":[{\"token\":\" a\",\"logprob\":-0.1,"
        + "\"top_logprobs\":[{\"token\":\" a\",\"logprob\":-0.1},{\"token\":\" z\",\"logprob\":-2.4}]}]}}]}");
    assertThat(p).hasSize(1);
    assertThat(p.get(0).mostLikely()).isEqualTo(" a");
    assertThat(p.get(0).top()).containsEntry(" z", -2.4);
  }

  @Test
  void llamaCppNativeProbabilities() throws Exception {
    List<TokenLogprobs> p = parse("{\"content\":\" a\",\"completion_probabilities\":[{\"content\":\" a\","
        + "\"probs\":[{\"tok_str\":\" a\",\"prob\":0.5},{\"tok_str\":\" b\",\"prob\":0.25}]}]}");
    assertThat(p.get(0).top().get(" b")).isEqualTo(Math.log(0.25));
  }

  @Test
  void anAnswerWithoutLogprobsIsEmpty() throws Exception {
    assertThat(parse("{\"choices\":[{\"text\":\" a\",\"logprobs\":null}]}")).isEmpty();
  }
}
