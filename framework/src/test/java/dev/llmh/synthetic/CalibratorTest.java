package dev.llmh.synthetic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.measure.RequestSample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Calibration against servers whose tokenizers it does not know, each a function from text to a count. */
class CalibratorTest {

  /** A server counting {@code perWord} tokens a filler word, and {@code overhead} for template and marker. */
  private static ToIntFunction<String> tokenizer(double perWord, int overhead) {
    return text -> overhead + (int) Math.round(perWord * text.split("\\s+").length);
  }

  private static Function<String, RequestSample> server(ToIntFunction<String> count, List<String> sent) {
    return text -> {
      sent.add(text);
      return RequestSample.builder(0, List.of(1_000_000L), 2_000_000L).promptTokens(count.applyAsInt(text))
          .usageOutputTokens(1).finishReason("length").servedModel("m").build();
    };
  }

  @ParameterizedTest
  @CsvSource({
    "128,  1.0, 23",
    "512,  1.0, 9",
    "2048, 1.0, 40",
    "512,  1.3, 12",
    "2048, 2.0, 31",
    "100,  0.75, 5",
  })
  void reachesTheTargetAsTheServerCountsIt(int target, double perWord, int overhead) {
    List<String> sent = new ArrayList<>();
    Calibrator.Result result = Calibrator.calibrate(target, "Summarise this:", null, server(tokenizer(perWord, overhead), sent));
    assertThat(result.outcome()).isEqualTo(Calibrator.Outcome.CALIBRATED);
    assertThat(result.record().promptTokens()).isCloseTo(target, org.assertj.core.api.Assertions.within(Tolerance.of(target)));
    assertThat(Math.abs(result.record().promptTokens() - target)).as("as close as a word allows").isLessThanOrEqualTo(2);
    assertThat(result.record().requests()).hasSize(sent.size()).hasSizeLessThanOrEqualTo(Calibrator.MAX_REQUESTS);
    assertThat(result.text("Summarise this:")).startsWith("Summarise this:\n\n");
    assertThat(tokenizer(perWord, overhead).applyAsInt(result.text("Summarise this:"))).isEqualTo(result.record().promptTokens());
  }

  @Test
  void aHintThatFitsNeedsOneRequest() {
    List<String> sent = new ArrayList<>();
    Calibrator.Result first = Calibrator.calibrate(512, null, null, server(tokenizer(1, 20), sent));
    sent.clear();
    Calibrator.Result second = Calibrator.calibrate(512, null, first.words(), server(tokenizer(1, 20), sent));
    assertThat(sent).hasSize(1);
    assertThat(second.words()).isEqualTo(first.words());
  }

  @Test
  void aCountThatStopsGrowingIsTheServersContext() {
    Calibrator.Result result = Calibrator.calibrate(1024, null, null,
        server(text -> Math.min(512, 12 + text.split(" ").length), new ArrayList<>()));
    assertThat(result.outcome()).isEqualTo(Calibrator.Outcome.TRUNCATED);
    assertThat(result.context()).isEqualTo(512);
    assertThat(result.record().error()).contains("at most 512 prompt tokens");
  }

  @Test
  void noCountIsAnErrorNamingTheFix() {
    Calibrator.Result result = Calibrator.calibrate(128, null, null,
        text -> RequestSample.builder(0, List.of(1L), 2L).usageOutputTokens(1).finishReason("length").servedModel("m")
            .build());
    assertThat(result.outcome()).isEqualTo(Calibrator.Outcome.FAILED);
    assertThat(result.record().error()).contains("reported no prompt token count", "stream_options.include_usage");
  }

  @Test
  void aFailedRequestStopsCalibration() {
    Calibrator.Result result = Calibrator.calibrate(128, null, null,
        text -> RequestSample.builder(0, List.of(), 2L).error("HTTP 400: prompt too long").build());
    assertThat(result.outcome()).isEqualTo(Calibrator.Outcome.FAILED);
    assertThat(result.record().error()).contains("calibration request 1", "HTTP 400: prompt too long");
    assertThat(result.record().requests()).hasSize(1);
  }

  @Test
  void anOverheadAboveTheTargetIsNamed() {
    Calibrator.Result result = Calibrator.calibrate(40, null, null, server(tokenizer(1, 60), new ArrayList<>()));
    assertThat(result.outcome()).isEqualTo(Calibrator.Outcome.FAILED);
    assertThat(result.record().error()).contains("alone take 61 tokens, more than the target");
  }

  @Test
  void fillerGrowsByOneWordAtATime() {
    assertThat(Filler.text(null, 5)).isEqualTo(Filler.text(null, 4) + " " + Filler.word(4));
    assertThat(Filler.text(null, 200).split(" ")).hasSize(200).allMatch(Filler.WORDS::contains);
    assertThat(Tolerance.of(100)).isEqualTo(4);
    assertThat(Tolerance.of(2048)).isEqualTo(40);
  }
}
