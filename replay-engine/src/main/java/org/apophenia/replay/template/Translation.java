package org.apophenia.replay.template;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apophenia.legion.tracing.Issued;
import org.apophenia.legion.tracing.OpAnalysis;
import org.apophenia.legion.tracing.TraceAnalysis;
import org.apophenia.sim.Event;
import org.apophenia.sim.Operation;

/**
 * Translates the analyses of one trace into graph-calculus commands (dynamic tracing paper §IV-B),
 * renaming simulator events to local names: an event produced inside the trace keeps its command, a
 * merge the runtime made is rebuilt from its inputs, and anything from before the trace becomes the
 * fence. A task's command keeps its reduction instances, and copies, folds and fills are kept with
 * their data movement, to be re-issued. Ends with the merge of every command's event and the summary.
 *
 * <p>A pure function of the analyses and the {@link TraceAnalysis}, so the recorder ({@code Recorder}) hands it to
 * the {@link Optimisation} thread with the optimisation passes: the application thread only captures.
 *
 * <p>Cost: O(commands + merge inputs). One instance per translation; not thread-safe.
 */
public final class Translation {
  /**
   * One step of the trace, in issue order: the analysis of operation {@code owner}, or (analysis null)
   * folds the recorder issued for it at the end of the trace.
   */
  public record Step(int owner, OpAnalysis analysis, List<Issued> folds) {}

  /**
   * The raw commands.
   *
   * @param commands in order, ending with the sinks' merge and the summary
   * @param events bound on their local event names
   */
  record Result(List<Command> commands, int events) {}

  private final TraceAnalysis captured;
  private final List<Command> commands = new ArrayList<>();
  private final IntArrayList results = new IntArrayList();
  /**
   * Local names of simulator events: of those created from {@code base} on (the recording started
   * then; ids are dense) in an array, name + 2 (0 = not named yet; names are -1 for "nothing" and up);
   * of older ones (a fence stands for them) in a map.
   */
  private final int base;
  private int[] localNew = new int[256];
  private final Int2IntOpenHashMap localOld = new Int2IntOpenHashMap();
  private int events;
  private int fence = -1;

  private Translation(TraceAnalysis captured, int base) {
    this.captured = captured;
    this.base = base;
    localOld.defaultReturnValue(Integer.MIN_VALUE);
  }

  /** Translates {@code steps}; simulator events from {@code base} on were made during the recording. */
  static Result translate(List<Step> steps, TraceAnalysis captured, int base) {
    Translation t = new Translation(captured, base);
    for (Step s : steps) {
      if (s.analysis() != null) {
        t.observe(s.owner(), s.analysis());
      } else {
        for (Issued c : s.folds()) {
          t.reissued(c, s.owner());
        }
      }
    }
    int sinks = t.events++;
    t.commands.add(new Command.Merge(sinks, t.results.toIntArray()));
    int summaryEvent = t.events++;
    t.commands.add(new Command.Summary(summaryEvent, sinks));
    return new Result(t.commands, t.events);
  }

  private void observe(int owner, OpAnalysis a) {
    for (Issued c : a.commands()) {
      Operation op = c.operation();
      if (op instanceof Operation.RuntimeWork) {
        name(c.result().id(), -1); // the analysis' own cost is not replayed
      } else if (op instanceof Operation.Merge m) {
        name(c.result().id(), merge(m.events()));
      } else if (op instanceof Operation.Task t) {
        int pre = orFence(resolve(t.precondition()));
        int e = events++;
        commands.add(new Command.Op(e, pre, owner, new Command.Work.Task(owner, a.processor(), a.memories(),
            captured.reductionInstances(a.op().op()))));
        name(c.result().id(), e);
        results.add(e);
      } else {
        reissued(c, owner);
      }
    }
    boolean completedByReplay = switch (a.op().kind()) {
      case TASK -> false; // its task command is the operation
      // a fill, copy or fence is an operation of the runtime's graph too: the replay completes it
      // when its own commands have (for a fence, when what it merged has)
      case FILL, COPY, REDUCTION_COPY, FENCE -> true;
    };
    if (completedByReplay) {
      int e = events++;
      commands.add(new Command.Op(e, resolve(a.completion()), owner, new Command.Work.Complete(owner)));
      name(a.completion().id(), e);
    }
  }

  /** A copy, fold or fill the runtime issued for operation {@code owner}, to be re-issued. */
  private void reissued(Issued c, int owner) {
    Operation op = c.operation();
    int pre = orFence(resolve(precondition(op)));
    int e = events++;
    commands.add(new Command.Op(e, pre, owner, new Command.Work.Reissue(op, captured.dataEffect(c.result()))));
    name(c.result().id(), e);
    results.add(e);
  }

  private static Event precondition(Operation op) {
    if (op instanceof Operation.Copy c) {
      return c.precondition();
    } else if (op instanceof Operation.Fill f) {
      return f.precondition();
    } else if (op instanceof Operation.Fence f) {
      return f.precondition();
    }
    return Event.NONE;
  }

  private int resolve(Event e) {
    if (e.isNone()) {
      return -1;
    }
    int l = name(e.id());
    if (l != Integer.MIN_VALUE) {
      return l;
    }
    List<Event> in = captured.mergeInputs(e);
    l = in.isEmpty() ? fence() : merge(in);
    name(e.id(), l);
    return l;
  }

  /**
   * §IV-B: an operation with no predecessor in the trace gets the fence. What it waited for when it
   * was recorded (perhaps nothing) says nothing about what precedes a replay.
   */
  private int orFence(int pre) {
    return pre >= 0 ? pre : fence();
  }

  private int fence() {
    if (fence < 0) {
      fence = events++;
      commands.add(new Command.Fence(fence));
    }
    return fence;
  }

  private int merge(List<Event> in) {
    IntArrayList ls = new IntArrayList(in.size());
    for (int i = 0, n = in.size(); i < n; i++) {
      int l = resolve(in.get(i));
      if (l >= 0 && !ls.contains(l)) {
        ls.add(l);
      }
    }
    if (ls.isEmpty()) {
      return -1;
    }
    int e = events++;
    commands.add(new Command.Merge(e, ls.toIntArray()));
    return e;
  }

  /** The local name of simulator event {@code id}, Integer.MIN_VALUE if none yet. */
  private int name(int id) {
    if (id < base) {
      return localOld.get(id);
    }
    int i = id - base;
    return i < localNew.length && localNew[i] != 0 ? localNew[i] - 2 : Integer.MIN_VALUE;
  }

  private void name(int id, int local) {
    if (id < base) {
      localOld.put(id, local);
      return;
    }
    int i = id - base;
    if (i >= localNew.length) {
      localNew = Arrays.copyOf(localNew, Math.max(i + 1, localNew.length * 2));
    }
    localNew[i] = local + 2;
  }
}
