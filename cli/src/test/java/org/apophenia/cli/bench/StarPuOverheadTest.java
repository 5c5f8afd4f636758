package org.apophenia.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading StarPU 1.3's async_tasks_overhead output (Debian starpu-examples). */
class StarPuOverheadTest {
  @Test
  void perTaskIsTheFirstPerTaskLineNotTheSchedulerBreakdown() {
    String out = """
        #tasks : 100000
        #buffers : 0
        Total: 0.529495 secs
        Per task: 5.294954 usecs
        Per task (except scheduler): 5.012396 usecs
        Per task (push): 1.478368 usecs
        Per task (pop): 0.893482 usecs
        """;
    assertEquals(5.294954, StarPuOverhead.parsePerTask(out), 1e-12);
  }

  @Test
  void outputWithoutThePerTaskLineGivesNaN() {
    assertTrue(Double.isNaN(StarPuOverhead.parsePerTask("[starpu] error\n")));
  }
}
