package org.apophenia.sim;

import org.apophenia.sim.machine.Durations;
import org.apophenia.sim.machine.Processor;

/**
 * What running a task costs on one kind of processor: either a {@link Fixed} duration or an amount of
 * {@link Work} that the processor's speed turns into a duration. Immutable values.
 */
public sealed interface Cost permits Cost.Fixed, Cost.Work {
  /**
   * Nanoseconds this cost takes on {@code p}, whose best memory bandwidth is {@code localBytesPerSecond}.
   * Never negative.
   */
  long nanosOn(Processor p, double localBytesPerSecond);

  /** Exactly {@code nanos}, whatever the processor. */
  static Cost fixed(long nanos) {
    return new Fixed(nanos);
  }

  /** {@code flops} floating-point operations touching {@code bytes} bytes. */
  static Cost work(double flops, double bytes) {
    return new Work(flops, bytes);
  }

  /** A fixed duration in nanoseconds, not scaled and without launch overhead. */
  record Fixed(long nanos) implements Cost {
    public Fixed {
      if (nanos < 0) {
        throw new IllegalArgumentException("negative duration " + nanos);
      }
    }

    @Override
    public long nanosOn(Processor p, double localBytesPerSecond) {
      return nanos;
    }
  }

  /**
   * A roofline cost: {@code launchOverhead + max(flops / peak flops, bytes / local bandwidth)}, each
   * term rounded up to whole nanoseconds. A processor with no affinity cannot run work that touches
   * bytes (IllegalArgumentException).
   */
  record Work(double flops, double bytes) implements Cost {
    public Work {
      if (!(flops >= 0) || !(bytes >= 0) || Double.isInfinite(flops) || Double.isInfinite(bytes)) {
        throw new IllegalArgumentException("work needs finite non-negative flops and bytes, got " + flops + ", " + bytes);
      }
    }

    @Override
    public long nanosOn(Processor p, double localBytesPerSecond) {
      long compute = Durations.ceilNanos(flops, p.flopsPerSecond());
      long memory = 0;
      if (bytes > 0) {
        if (!(localBytesPerSecond > 0)) {
          throw new IllegalArgumentException("processor " + p.name() + " has no memory affinity, cannot touch bytes");
        }
        memory = Durations.ceilNanos(bytes, localBytesPerSecond);
      }
      return Durations.add(p.launchOverheadNanos(), Math.max(compute, memory));
    }
  }
}
