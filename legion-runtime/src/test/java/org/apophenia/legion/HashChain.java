package org.apophenia.legion;

import java.util.ArrayList;
import java.util.List;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.Privilege;
import org.apophenia.legion.api.Rect;
import org.apophenia.legion.api.RegionRequirement;
import org.apophenia.legion.api.TaskContext;

/**
 * The task body of the execution property: it folds every value it may read into a hash, then writes
 * each writable point as a function of that hash, the old value (READ_WRITE only) and the point, and
 * reduces a function of the hash into each reduced point. Any ordering or coherence mistake changes
 * the final data. Shared with other modules' tests through legion-runtime's test jar.
 */
public final class HashChain {
  private HashChain() {}

  /** A requirement's data as the body sees it. */
  public interface View {
    Rect bounds();

    byte priv();

    long get(long[] p, int f);

    void set(long[] p, int f, long v);

    void reduce(long[] p, int f, long v);
  }

  public static long mix(long h, long v) {
    h ^= v + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2);
    return h * 0xBF58476D1CE4E5B9L;
  }

  public static void run(long seed, List<View> views, List<long[]> masks) {
    long h = seed;
    long[] p = new long[1];
    for (int i = 0; i < views.size(); i++) {
      View v = views.get(i);
      if (v.priv() != Privilege.RO && v.priv() != Privilege.RW) {
        continue;
      }
      for (long f : masks.get(i)) {
        for (long x = v.bounds().lo(0); x <= v.bounds().hi(0); x++) {
          p[0] = x;
          h = mix(h, v.get(p, (int) f));
        }
      }
    }
    for (int i = 0; i < views.size(); i++) {
      View v = views.get(i);
      for (long f : masks.get(i)) {
        for (long x = v.bounds().lo(0); x <= v.bounds().hi(0); x++) {
          p[0] = x;
          long c = mix(mix(h, x), f);
          switch (v.priv()) {
            case Privilege.RW -> v.set(p, (int) f, mix(c, v.get(p, (int) f)));
            case Privilege.WD -> v.set(p, (int) f, c);
            case Privilege.RED -> v.reduce(p, (int) f, c & 0xFFFF);
            default -> { }
          }
        }
      }
    }
  }

  /**
   * {@link #run} in a task body: every requirement of {@code ctx} viewed through its accessors, field
   * id {@code f} being {@code fields[f]}. The body of the random programs of this module's and
   * replay-engine's properties.
   */
  public static void runOn(TaskContext ctx, Field[] fields, long seed) {
    List<View> views = new ArrayList<>();
    List<long[]> masks = new ArrayList<>();
    for (int i = 0; i < ctx.requirementCount(); i++) {
      RegionRequirement q = ctx.requirement(i);
      int fi = i;
      byte pc = Privilege.code(q.privilege());
      views.add(new View() {
        public Rect bounds() {
          return q.region().bounds();
        }

        public byte priv() {
          return pc;
        }

        public long get(long[] p, int f) {
          return ctx.accessor(fi, fields[f]).getLong(p);
        }

        public void set(long[] p, int f, long v) {
          ctx.accessor(fi, fields[f]).setLong(v, p);
        }

        public void reduce(long[] p, int f, long v) {
          ctx.accessor(fi, fields[f]).reduce(v, p);
        }
      });
      masks.add(fieldIds(q.fields()));
    }
    run(seed, views, masks);
  }

  public static long[] fieldIds(long mask) {
    long[] out = new long[Long.bitCount(mask)];
    int k = 0;
    for (long m = mask; m != 0; m &= m - 1) {
      out[k++] = Long.numberOfTrailingZeros(m);
    }
    return out;
  }
}
