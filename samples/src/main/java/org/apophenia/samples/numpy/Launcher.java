package org.apophenia.samples.numpy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.Partition;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Projection;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.ReductionOp;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskBody;
import org.apophenia.samples.array.Extension;

/**
 * Turns a {@link Plan} into one index launch with region requirements that say what each tile
 * touches. The output's outer indices are cut into {@code min(tiles, outer)} chunks; for each operand
 * and chunk the requirement is the interval of buffer positions between the first and last element the
 * chunk reads or writes. For contiguous operands that is exact; for strided or broadcast views it is
 * the bounding interval, a superset of what is touched (never a subset, so the dependence analysis
 * stays safe). The output is {@code WRITE_DISCARD} when its view is contiguous (the interval is exactly
 * what is written) and {@code READ_WRITE} otherwise (the elements in between are kept); when a strided
 * output's intervals would overlap, the launch has one tile. Partitions are cached in the buffer per
 * geometry and chunking, so a repeated operation issues the same tokens. Not thread-safe.
 */
final class Launcher {
  private final Extension ctx;
  private final Field field;
  private final TaskBody body;
  private final Map<Key, Boolean> overlaps = new HashMap<>();

  Launcher(Extension ctx) {
    this.ctx = ctx;
    this.field = ctx.field();
    this.body = Bodies.body(field);
  }

  /** An operand read by the launch: its buffer and its geometry over the iteration space. */
  record Read(Buffer buffer, Geometry overSpace) {}

  private record Key(Geometry g, List<Long> chunks, long inner) {}

  /**
   * Issues {@code plan}: output view {@code outView} in {@code out} (its geometry over the iteration
   * space is {@code outSpace}), inputs {@code reads} (requirement k+1 is reads[k]); {@code outer}
   * outer indices of {@code inner} points each; costs per point for the simulator.
   */
  void launch(String name, Plan plan, Buffer out, Geometry outView, Geometry outSpace, long outer, long inner,
      List<Read> reads, double flops, double bytes) {
    if (outer == 0) {
      return;
    }
    int tiles = (int) Math.min(ctx.tiles(), outer);
    long[] chunks = chunks(outer, tiles);
    if (tiles > 1 && overlaps.computeIfAbsent(new Key(outSpace, Arrays.stream(chunks).boxed().toList(), inner),
        k -> overlapping(rects(k.g(), chunksOf(k.chunks()), k.inner())))) {
      // a tile's interval would hold another tile's elements: concurrent writers of one interval
      tiles = 1;
      chunks = chunks(outer, 1);
    }
    // the union of the intervals is exactly the view when it is contiguous and they do not overlap
    boolean discard = outView.isContiguous();
    List<Long> chunkList = Arrays.stream(chunks).boxed().toList();
    List<RegionRequirement> reqs = new ArrayList<>();
    reqs.add(RegionRequirement.projected(partition(out, outSpace, chunks, chunkList, inner), Projection.IDENTITY,
        discard ? Privilege.WRITE_DISCARD : Privilege.READ_WRITE, out.root, field));
    for (Read r : reads) {
      reqs.add(RegionRequirement.projected(partition(r.buffer(), r.overSpace(), chunks, chunkList, inner),
          Projection.IDENTITY, Privilege.READ_ONLY, r.buffer().root, field));
    }
    long volume = Math.max(1, (chunks[1] - chunks[0]) * Math.max(1, inner));
    int id = ctx.registerKernel("np-" + name, volume, flops, bytes, body);
    if (out.size == 1) {
      // the one value comes back as the launch's future: item() then needs no launch of its own
      // (an extra operation, or an inline mapping, would break the loop's repeated sequence)
      out.lastValue = ctx.issueValueTask(id, name, Rect.of(0, tiles - 1), reqs, List.of(plan, chunks, true),
          ReductionOp.sumLong());
    } else {
      out.lastValue = null;
      ctx.issueIndexTask(id, name, Rect.of(0, tiles - 1), reqs, List.of(plan, chunks, false));
    }
    out.lastWrite = ctx.opsIssued() - 1;
  }

  private static long[] chunksOf(List<Long> c) {
    return c.stream().mapToLong(Long::longValue).toArray();
  }

  private static long[] chunks(long outer, int tiles) {
    long[] c = new long[tiles + 1];
    for (int i = 0; i <= tiles; i++) {
      c[i] = outer * i / tiles;
    }
    return c;
  }

  private static Partition partition(Buffer b, Geometry g, long[] chunks, List<Long> chunkList, long inner) {
    return b.partition(new Key(g, chunkList, inner), () -> rects(g, chunks, inner));
  }

  private static List<Rect> rects(Geometry g, long[] chunks, long inner) {
    List<Rect> rects = new ArrayList<>();
    for (int i = 0; i + 1 < chunks.length; i++) {
      long[] lh = g.bounds(chunks[i] * Math.max(1, inner), chunks[i + 1] * Math.max(1, inner));
      rects.add(Rect.of(lh[0], lh[1]));
    }
    return rects;
  }

  private static boolean overlapping(List<Rect> rects) {
    List<Rect> sorted = new ArrayList<>(rects);
    sorted.sort((x, y) -> Long.compare(x.lo(0), y.lo(0)));
    for (int i = 1; i < sorted.size(); i++) {
      if (sorted.get(i).lo(0) <= sorted.get(i - 1).hi(0)) {
        return true;
      }
    }
    return false;
  }
}
