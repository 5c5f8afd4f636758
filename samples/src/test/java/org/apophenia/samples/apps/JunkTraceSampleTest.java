package org.apophenia.samples.apps;

import static org.assertj.core.api.Assertions.assertThat;

import org.apophenia.autotrace.InterceptorListener;
import org.apophenia.autotrace.SinkLog;
import org.apophenia.legion.cost.CostModel;
import org.apophenia.samples.adapter.ArrayOp;
import org.apophenia.samples.adapter.Mode;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.Test;

/**
 * Every trace recorded on swe, s3d, cavity and heat at the default settings is replayed at least once.
 * The first three each used to record one trace from a repeat its mining window cut (70, 94 and 134
 * tasks), displaced by the loop's trace mined a window later before it was replayed; and with that
 * fixed, swe and s3d recorded short traces in the iteration before the loop's trace first matched.
 * heat recorded the first 12 tasks of its 26-task body, mined from a window that ended inside their
 * third occurrence. Checked to fail before each fix (one trace each).
 */
class JunkTraceSampleTest {
  /** Ids begun once by the observer; the run's own count, from the engine, must agree. */
  private static long recordedNeverReplayed(String name) {
    return recordedNeverReplayed(name, 40);
  }

  private static long recordedNeverReplayed(String name, int iterations) {
    Sample sample = Samples.create(name);
    SinkLog<ArrayOp> observer = new SinkLog<>();
    // 40 iterations: each of these recordings came within the first six
    RunResult r = SampleRunner.run(sample, RunOptions.of(Mode.AUTO, iterations, Presets.machine("workstation"),
        CostModel.legion()).withObservers(InterceptorListener.NONE, observer, null));
    long once = observer.issuedOnce();
    assertThat(r.tracesNeverReplayed()).as(name + ": the engine's count").isEqualTo(once);
    return once;
  }

  @Test
  void theEngineCountsARecordingNeverReplayed() {
    // jacobi stopped in the iteration that records its trace: nothing replays it
    assertThat(recordedNeverReplayed("jacobi", 10)).isEqualTo(1);
  }

  @Test
  void noTraceIsRecordedWithoutAReplay() {
    for (String name : new String[] {"swe", "s3d", "cavity", "heat"}) {
      assertThat(recordedNeverReplayed(name)).as(name).isZero();
    }
  }
}
