package org.apophenia.replay.template;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Fence elision for back-to-back replays of an idempotent recording (dynamic tracing paper §IV-F,
 * Figure 7): unroll the commands once, replace the second copy's uses of the fence by the operations
 * of the first copy that it really depends on (a writer waits for every reader and writer of each
 * instance it writes, a reader for the writers; a copy counts as a writer of the data its operation
 * uses, since later copies may read the instance it made valid), then re-run transitive reduction and copy
 * propagation and keep the second copy.
 *
 * <p>Result naming: events {@code [0, n)} are the previous replay's events (names of the original
 * commands), {@code [n, 2n)} this replay's own ({@code e + n} for original {@code e}), higher ones new
 * merges. The fence, if still used by operations that have no predecessor in the previous replay
 * (read-only data nobody in the trace writes), is bound to the fence of the first replay of the chain:
 * back-to-back replays leave that data untouched, so it is still the right one.
 *
 * <p>Instances are compared at the finest granularity known (atom and field, any memory), which can
 * only add orderings. Cost: the passes of {@link TransitiveReduction} over two copies plus O(C · instances)
 * for the substitution, O(E) space.
 * Stateless; thread-safe.
 */
public final class FenceElision {
  private FenceElision() {}

  /**
   * The instance keys an operation reads and writes (any dense int naming; REDUCE counts as write).
   *
   * @param reads keys read
   * @param writes keys written
   */
  public record Access(int[] reads, int[] writes) {}

  /**
   * Fence-elided commands.
   *
   * @param commands the commands of one back-to-back replay
   * @param events bound on their event names
   * @param originalEvents n, the event bound of the original commands
   * @param fence the own name of the fence ({@code n + f}) if still used, else -1
   */
  public record Elided(List<Command> commands, int events, int originalEvents, int fence) {
    public Elided {
      commands = List.copyOf(commands);
    }
  }

  /** Elides the fence of {@code commands} (already optimised, events below {@code n}); null if none. */
  public static Elided apply(List<Command> commands, int n, List<Access> accesses) {
    int fence = -1;
    for (Command c : commands) {
      if (c instanceof Command.Fence f) {
        fence = f.result();
      }
    }
    // readers and writers of each key among the first copy's tasks
    int keys = 0;
    for (Access a : accesses) {
      for (int k : a.reads()) {
        keys = Math.max(keys, k + 1);
      }
      for (int k : a.writes()) {
        keys = Math.max(keys, k + 1);
      }
    }
    IntArrayList[] readers = new IntArrayList[keys];
    IntArrayList[] writers = new IntArrayList[keys];
    for (Command c : commands) {
      if (c instanceof Command.Op o && o.work() instanceof Command.Work.Reissue) {
        // a copy makes an instance of data its operation uses valid: a later copy may read from it
        // and a later writer may overwrite its source, so it counts as a writer of all that data
        Access a = accesses.get(o.owner());
        for (int k : a.reads()) {
          (writers[k] == null ? writers[k] = new IntArrayList() : writers[k]).add(o.result());
        }
        for (int k : a.writes()) {
          (writers[k] == null ? writers[k] = new IntArrayList() : writers[k]).add(o.result());
        }
      } else if (c instanceof Command.Op o) {
        Access a = accesses.get(o.owner());
        for (int k : a.reads()) {
          (readers[k] == null ? readers[k] = new IntArrayList() : readers[k]).add(o.result());
        }
        for (int k : a.writes()) {
          (writers[k] == null ? writers[k] = new IntArrayList() : writers[k]).add(o.result());
        }
      }
    }
    List<Command> all = new ArrayList<>();
    Command.Merge[] merges = new Command.Merge[2 * n];
    for (Command c : commands) {
      if (!(c instanceof Command.Summary)) {
        all.add(c);
      }
    }
    int next = 2 * n;
    int fenceOwn = fence < 0 ? -1 : fence + n;
    // own events that depend on the fence, directly or through earlier commands: after transitive
    // reduction most operations reach it only through a predecessor, yet each needs its own
    // dependences on the previous replay once the fence is gone
    BitSet viaFence = new BitSet();
    // own merges with the fence among their leaves: only an operation waiting on one of those needs its
    // precondition flattened (to drop the fence); any other keeps its merge as one input, so that an
    // operation after a wide merge (every task of the previous phase) costs one input, not that width
    BitSet fenceLeaf = new BitSet();
    Predecessors dedup = new Predecessors(n, commands);
    for (Command c : commands) {
      Command r = rename(c, n);
      int pre = r instanceof Command.Op o ? o.pre() : r instanceof Command.Summary sm ? sm.pre() : -1;
      if (r instanceof Command.Fence) {
        viaFence.set(r.result());
      } else if (r instanceof Command.Merge m) {
        merges[m.result()] = m;
        for (int x : m.inputs()) {
          if (viaFence.get(x)) {
            viaFence.set(m.result());
          }
          if (x == fenceOwn || fenceLeaf.get(x)) {
            fenceLeaf.set(m.result());
          }
        }
      } else if (pre >= 0 && viaFence.get(pre)) {
        viaFence.set(r.result());
      }
      if (r instanceof Command.Merge) {
        all.add(r);
      } else if (r instanceof Command.Op o && fenceOwn >= 0 && viaFence.get(o.result())) {
        IntArrayList in = new IntArrayList();
        if (merges[o.pre()] != null && !fenceLeaf.get(o.pre())) {
          in.add(o.pre()); // the same orderings as its leaves
        } else {
          leaves(o.pre(), merges, in);
          in.rem(fenceOwn);
        }
        int[] preds = dedup.predecessors(accesses.get(o.owner()), readers, writers);
        if (preds.length == 0) {
          in.add(fenceOwn); // nothing in the previous replay: keep the chain's fence
        }
        in.addElements(in.size(), preds);
        all.add(new Command.Merge(next, in.toIntArray()));
        all.add(new Command.Op(o.result(), next++, o.owner(), o.work()));
      } else {
        all.add(r);
      }
    }
    int events = next;
    List<Command> opt = TransitiveReduction.optimise(all, events, n); // the first copy is already reduced
    List<Command> own = new ArrayList<>();
    boolean fenceUsed = false;
    for (Command c : opt) {
      if (c.result() >= n) {
        own.add(c);
        fenceUsed |= uses(c, fenceOwn);
      }
    }
    if (!fenceUsed && fenceOwn >= 0) {
      own.removeIf(c -> c.result() == fenceOwn);
    }
    return new Elided(shareMerges(own, 2 * n, events), events, n, fenceUsed ? fenceOwn : -1);
  }

  /**
   * Replaces each new merge (event {@code >= from}) whose input set equals an earlier new merge's by
   * that merge: operations that access the same instances get the same predecessors, so a stencil
   * builds each neighbour set two or three times, and a replay would issue each of them. Only new
   * merges are shared: they are local to one replay, while the own events {@code [n, 2n)} are what
   * the next back-to-back replay binds. O(commands + inputs).
   */
  private static List<Command> shareMerges(List<Command> own, int from, int events) {
    int[] alias = null;
    java.util.HashMap<java.nio.IntBuffer, Integer> seen = new java.util.HashMap<>();
    List<Command> out = new ArrayList<>(own.size());
    for (Command c : own) {
      if (alias != null) {
        c = renameInputs(c, alias);
      }
      if (c instanceof Command.Merge m && m.result() >= from) {
        int[] key = m.inputs().clone();
        java.util.Arrays.sort(key);
        Integer first = seen.putIfAbsent(java.nio.IntBuffer.wrap(key), m.result());
        if (first != null) {
          if (alias == null) {
            alias = new int[events];
            for (int e = 0; e < events; e++) {
              alias[e] = e;
            }
          }
          alias[m.result()] = first;
          continue;
        }
      }
      out.add(c);
    }
    return out;
  }

  private static Command renameInputs(Command c, int[] alias) {
    if (c instanceof Command.Merge m) {
      int[] in = m.inputs();
      int[] r = null;
      for (int i = 0; i < in.length; i++) {
        if (alias[in[i]] != in[i]) {
          if (r == null) {
            r = in.clone();
          }
          r[i] = alias[in[i]];
        }
      }
      return r == null ? c : new Command.Merge(m.result(), r);
    } else if (c instanceof Command.Op o && o.pre() >= 0 && alias[o.pre()] != o.pre()) {
      return new Command.Op(o.result(), alias[o.pre()], o.owner(), o.work());
    } else if (c instanceof Command.Summary s && s.pre() >= 0 && alias[s.pre()] != s.pre()) {
      return new Command.Summary(s.result(), alias[s.pre()]);
    }
    return c;
  }

  private static boolean uses(Command c, int e) {
    if (e < 0) {
      return false;
    }
    if (c instanceof Command.Op o) {
      return o.pre() == e;
    } else if (c instanceof Command.Summary s) {
      return s.pre() == e;
    } else if (c instanceof Command.Merge m) {
      for (int x : m.inputs()) {
        if (x == e) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The previous replay's operations one operation depends on, ascending and distinct, without those
   * that another of them already follows in the previous replay: O(found · kept) reachability queries,
   * no per-operation bit set over all events (that made the pass quadratic in space). The pruning
   * changes nothing after transitive reduction (it drops only inputs the reduction would drop, and
   * the union of what the merge reaches is the same) but keeps the merges it reduces narrow: an
   * operation writing a temporary that a whole phase read would otherwise get every one of them.
   */
  private static final class Predecessors {
    private final int[] mark;
    private int stamp;
    private final IntArrayList out = new IntArrayList();
    private final int[] pos;
    private final TransitiveReduction.Reachability reach;
    /** Per key, made once: the maximal readers and writers (for a writer of it), the maximal writers (a reader). */
    private int[][] whenWritten;
    private int[][] whenRead;

    Predecessors(int events, List<Command> commands) {
      mark = new int[events];
      pos = new int[events];
      for (int i = 0; i < commands.size(); i++) {
        pos[commands.get(i).result()] = i;
      }
      reach = TransitiveReduction.reachability(commands, events);
    }

    int[] predecessors(Access a, IntArrayList[] readers, IntArrayList[] writers) {
      if (whenWritten == null) {
        whenWritten = new int[readers.length][];
        whenRead = new int[readers.length][];
      }
      stamp++;
      out.clear();
      for (int k : a.writes()) {
        if (k < readers.length && whenWritten[k] == null) {
          stamp++;
          out.clear();
          addAll(readers, k);
          addAll(writers, k);
          whenWritten[k] = maximal(out.toIntArray());
        }
      }
      for (int k : a.reads()) {
        if (k < readers.length && whenRead[k] == null) {
          stamp++;
          out.clear();
          addAll(writers, k);
          whenRead[k] = maximal(out.toIntArray());
        }
      }
      stamp++;
      out.clear();
      for (int k : a.writes()) {
        addAll(whenWritten, k);
      }
      for (int k : a.reads()) {
        addAll(whenRead, k);
      }
      int[] p = maximal(out.toIntArray());
      java.util.Arrays.sort(p);
      return p;
    }

    private void addAll(int[][] lists, int k) {
      if (k < lists.length) {
        for (int e : lists[k]) {
          if (mark[e] != stamp) {
            mark[e] = stamp;
            out.add(e);
          }
        }
      }
    }

    /** The events of {@code p} that no other event of {@code p} reaches. */
    private int[] maximal(int[] p) {
      if (p.length < 2) {
        return p;
      }
      // latest definition first: sort (position, event) pairs packed in longs, no boxing
      long[] order = new long[p.length];
      for (int i = 0; i < p.length; i++) {
        order[i] = (long) (Integer.MAX_VALUE - pos[p[i]]) << 32 | p[i];
      }
      java.util.Arrays.sort(order);
      int[] kept = new int[p.length];
      int n = 0;
      for (long o : order) {
        int x = (int) o;
        boolean redundant = false;
        for (int j = 0; j < n && !redundant; j++) {
          redundant = reach.reaches(kept[j], x);
        }
        if (!redundant) {
          kept[n++] = x;
        }
      }
      return java.util.Arrays.copyOf(kept, n);
    }

    private void addAll(IntArrayList[] lists, int k) {
      if (k < lists.length && lists[k] != null) {
        for (int i = 0; i < lists[k].size(); i++) {
          int e = lists[k].getInt(i);
          if (mark[e] != stamp) {
            mark[e] = stamp;
            out.add(e);
          }
        }
      }
    }
  }

  private static void leaves(int e, Command.Merge[] merges, IntArrayList out) {
    if (e < 0) {
      return;
    }
    if (e < merges.length && merges[e] != null) {
      for (int x : merges[e].inputs()) {
        leaves(x, merges, out);
      }
    } else if (!out.contains(e)) {
      out.add(e);
    }
  }

  private static Command rename(Command c, int n) {
    if (c instanceof Command.Fence f) {
      return new Command.Fence(f.result() + n);
    } else if (c instanceof Command.Merge m) {
      int[] in = m.inputs().clone();
      for (int i = 0; i < in.length; i++) {
        in[i] += n;
      }
      return new Command.Merge(m.result() + n, in);
    } else if (c instanceof Command.Op o) {
      return new Command.Op(o.result() + n, o.pre() < 0 ? -1 : o.pre() + n, o.owner(), o.work());
    }
    Command.Summary s = (Command.Summary) c;
    return new Command.Summary(s.result() + n, s.pre() < 0 ? -1 : s.pre() + n);
  }
}
