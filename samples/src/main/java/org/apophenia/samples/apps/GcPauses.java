package org.apophenia.samples.apps;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The JVM's garbage-collection time so far, summed over its collectors' {@link
 * GarbageCollectorMXBean#getCollectionTime()} (milliseconds, as the JVM reports it). With G1, the
 * default collector, that is the stop-the-world pauses of young, mixed and full collections, which stop
 * the issuing thread wherever it is. Read at iteration boundaries: a few microseconds a read.
 */
final class GcPauses {
  private static final List<GarbageCollectorMXBean> BEANS = ManagementFactory.getGarbageCollectorMXBeans();

  private GcPauses() {}

  /** Nanoseconds of collection so far (millisecond resolution); 0 where the JVM does not say. */
  static long nanos() {
    long ms = 0;
    for (GarbageCollectorMXBean b : BEANS) {
      long t = b.getCollectionTime();
      if (t > 0) {
        ms += t;
      }
    }
    return ms * 1_000_000L;
  }
}
