package org.apophenia.legion.analysis;

import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.instances.LongData;

/**
 * A reduction instance (Legion thesis §5.3): a buffer over a region's rectangle in one memory, filled
 * with the operator's identity, into which one task folds its contributions; it is folded into a valid
 * instance when the data is next read. It holds raw 64-bit patterns ({@link LongData}) whatever the
 * field's kind, since its operator folds raw bits. Not thread-safe.
 */
public final class ReductionBuffer {
  final Rect rect;
  final LongData data;
  final ReductionOp op;
  final int memory;

  ReductionBuffer(Rect rect, ReductionOp op, int memory) {
    this.rect = rect;
    this.op = op;
    this.memory = memory;
    this.data = new LongData(new long[Math.toIntExact(rect.volume())]);
    reset();
  }

  /** Fills the instance with the operator's identity: fresh, or reused by a replayed trace. */
  public void reset() {
    java.util.Arrays.fill(data.values(), op.identity());
  }
}
