package org.apophenia.samples.numpy;

import java.util.List;
import org.apophenia.legion.api.Accessor;
import org.apophenia.legion.api.InlineRegion;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.samples.array.Extension;

/**
 * Reading array values back to the program, the only blocking operations of the N-d library: a whole
 * array through an inline mapping (after the operation that wrote it has reached the runtime), one
 * element through a future (the producing launch's own when it wrote a single element, else a
 * one-point launch). Not thread-safe.
 */
final class Reader {
  private final Extension ctx;

  Reader(Extension ctx) {
    this.ctx = ctx;
  }


  /** The stored bits of {@code a}'s elements in row-major order: waits for everything issued. */
  long[] read(NpArray a) {
    long[] out = new long[Math.toIntExact(a.size())];
    if (out.length == 0) {
      return out;
    }
    ctx.awaitIssued(a.buffer.lastWrite);
    InlineRegion ir = ctx.runtime().inlineMap(RegionRequirement.of(a.buffer.root, Privilege.READ_ONLY, a.buffer.root,
        ctx.field()));
    Accessor acc = ir.accessor(ctx.field());
    Geometry.Cursor c = new Geometry.Cursor(a.geometry, 0);
    for (int i = 0; i < out.length; i++) {
      out[i] = acc.getLong(c.pos);
      c.next();
    }
    return out;
  }

  long itemBits(NpArray a) {
    if (a.buffer.lastValue != null && a.buffer.size == 1) {
      return a.buffer.lastValue.getAsLong();
    }
    long pos = a.geometry.offset;
    Rect r = Rect.of(pos, pos);
    RegionRequirement req = RegionRequirement.projected(a.buffer.partition(r, () -> List.of(r)),
        org.apophenia.legion.api.Projection.IDENTITY, Privilege.READ_ONLY, a.buffer.root, ctx.field());
    org.apophenia.legion.api.Field field = ctx.field();
    int id = ctx.registerKernel("np-item", 1, 0, 8, c -> {
      org.apophenia.legion.api.DoubleTile t = c.accessor(0, field).denseRead();
      return Double.doubleToRawLongBits(t.get(t.base()));
    });
    java.util.function.LongSupplier v = ctx.issueValueTask(id, "item", Rect.of(0, 0), List.of(req), List.of(),
        org.apophenia.legion.api.ReductionOp.sumLong());
    return v.getAsLong();
  }

}
