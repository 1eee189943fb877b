package dev.llmh.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The agreement rules on figures chosen here, so that each verdict is known. */
class OffsetsTest {

  /** Sends planned every 20 ms, each {@code late[k]} ms after its time. */
  private static Offsets lateness(double... late) {
    List<Double> sent = new ArrayList<>();
    List<Double> planned = new ArrayList<>();
    for (int k = 0; k < late.length; k++) {
      planned.add(100.0 + 20 * k);
      sent.add(100.0 + 20 * k + late[k]);
    }
    return Offsets.of("lateness", sent, planned);
  }

  @Test
  void aBusyMachinesLateWakeUpsAreNoiseThatTheToleranceFollows() {
    // the failure that a fixed 1 ms bound gave on a busy machine: a median just above 1 ms
    Offsets busy = lateness(0.2, 0.9, 1.0, 1.02, 1.05, 1.3, 2.1, 9.0);
    assertThat(busy.median()).isGreaterThan(1.0);
    assertThat(busy.lateDisagreement(5.0, 20.0)).isNull();
    assertThat(lateness(0.01, 0.02, 0.0, 0.01).lateDisagreement(5.0, 20.0)).isNull();
  }

  @Test
  void aChunkGapTooManyInTheScheduleIsCaughtWhateverTheNoise() {
    // every send a gap (20 ms) late, with the same noise as above on top
    assertThat(lateness(20.2, 20.9, 21.0, 21.02, 21.05, 21.3, 22.1, 29.0).lateDisagreement(5.0, 20.0))
        .contains("every send later than the floor 5.000");
    // most sends a gap late, one on time: the median carries it
    assertThat(lateness(0.1, 20.1, 20.2, 20.1, 20.3, 20.2, 20.1).lateDisagreement(5.0, 20.0))
        .contains("median offset beyond the tolerance");
  }

  @Test
  void aSendBeforeItsTimeOrNoiseTooLargeToTellIsADisagreementSayingSo() {
    assertThat(lateness(0.1, -0.01, 0.2).lateDisagreement(5.0, 20.0)).contains("a send before its planned time");
    assertThat(lateness(0.1, 1.0, 6.0, 12.0, 0.3).lateDisagreement(5.0, 20.0)).contains("too noisy to catch a delay of 20.000");
  }

  /** Client spans that are the server's plus {@code transit[k]} ms of send and read. */
  private static Offsets spans(double... transit) {
    List<Double> client = new ArrayList<>();
    List<Double> server = new ArrayList<>();
    for (int k = 0; k < transit.length; k++) {
      server.add(300.0 + k);
      client.add(300.0 + k + transit[k]);
    }
    return Offsets.of("ttft", client, server);
  }

  @Test
  void aSpanFloorIsHalfTheErrorToCatchSoABusyMachinesTransitIsNoDisagreement() {
    // two builds side by side on two cores: no read of eight came within 5 ms of its write
    Offsets busy = spans(6.198, 6.9, 7.4, 8.1, 8.4, 9.0, 11.3, 25.755);
    assertThat(busy.spanDisagreement(20.0)).isNull();
    // the same transit with a chunk gap (20 ms) too many on every request is still caught
    Offsets shifted = spans(26.198, 26.9, 27.4, 28.1, 28.4, 29.0, 31.3, 45.755);
    assertThat(shifted.spanDisagreement(20.0)).contains("every offset beyond the floor 10.000");
    // a small error to catch keeps the floor at a scheduler slice
    assertThat(spans(0.3, 0.4, 0.5, 6.0).spanDisagreement(2.0)).isNull();
    assertThat(spans(5.3, 5.4, 5.5, 6.0).spanDisagreement(2.0)).contains("every offset beyond the floor 5.000");
  }

  @Test
  void aSpanShorterThanTheServersOrNoErrorToCatchIsSaid() {
    assertThat(spans(0.3, -0.1, 0.5).spanDisagreement(20.0)).contains("a client span shorter than the server's");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> spans(0.3).spanDisagreement(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no error to catch");
  }
}
