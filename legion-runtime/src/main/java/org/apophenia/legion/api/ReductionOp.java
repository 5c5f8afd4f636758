package org.apophenia.legion.api;

import java.util.Objects;
import java.util.function.LongBinaryOperator;
import org.apophenia.legion.LegionRuntime;

/**
 * A reduction operator over 64-bit values (doubles by their raw bits): an identity and a fold, which
 * must be associative and commutative for results to be independent of the order in which
 * concurrent reductions are folded (exactly so for integer sums and xor; floating-point sums are
 * not bit-reproducible across orders). Registered with {@link LegionRuntime#registerReduction}, which
 * gives it its id. Immutable, thread-safe if {@code fold} is.
 *
 * @param name for messages
 * @param identity the value a fresh reduction instance holds
 * @param fold {@code (current, contribution) -> new}
 */
public record ReductionOp(String name, long identity, LongBinaryOperator fold) {
  public ReductionOp {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(fold, "fold");
  }

  /** Integer sum with wrap-around. */
  public static ReductionOp sumLong() {
    return new ReductionOp("sum-long", 0, Long::sum);
  }

  /** Floating-point sum on the raw bits of doubles. */
  public static ReductionOp sumDouble() {
    return new ReductionOp("sum-double", Double.doubleToRawLongBits(0.0),
        (a, b) -> Double.doubleToRawLongBits(Double.longBitsToDouble(a) + Double.longBitsToDouble(b)));
  }
}
