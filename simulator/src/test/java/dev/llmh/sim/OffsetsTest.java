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
}
