package org.apophenia.replay.template;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.apophenia.legion.tracing.PendingOp;
import org.apophenia.legion.tracing.ReplaySupport;
import org.apophenia.sim.Event;
import org.apophenia.sim.Simulation;
import org.apophenia.sim.machine.Processor;

/**
 * A recording's commands compiled for replay, once per recording and form (fenced or fence-elided):
 * Legion's trace template, a sequence of {@link Instruction}s in flat arrays a replay walks without
 * dispatching on command types, where a merge whose only use is the precondition of one operation is
 * folded into that operation, which then waits for the merge's inputs directly (the simulator's
 * multi-precondition submit: one operation and one edge fewer; after fence elision most tasks wait for
 * such a merge of their neighbours' previous instances). A merge read by two operations is folded into
 * both, one nobody reads is dropped; it stays a real merge if anything else may read its event:
 * another merge, the summary, or a later back-to-back replay.
 *
 * <p>Folding changes no simulated time: a merge triggers when its last input does and takes no time.
 * Immutable; thread-safe.
 */
public final class TraceTemplate {
  /**
   * Per step: its {@link Instruction#code}, the local event it defines, and its work (a task's or a
   * re-issue's).
   */
  final byte[] instructions;
  final int[] result;
  final Command.Work[] work;
  /** Step i waits for the local events {@code pres[preStart[i]] .. pres[preStart[i + 1] - 1]}. */
  final int[] preStart;
  final int[] pres;
  /** The most preconditions of one task or re-issue step. */
  final int maxPres;
  /** Merges folded into the operation they fed. */
  final int folded;
  /** Whether a step is the fence (a replay of these steps issues one). */
  final boolean fenced;

  private TraceTemplate(byte[] instructions, int[] result, Command.Work[] work, int[] preStart, int[] pres,
      int maxPres, int folded) {
    this.instructions = instructions;
    this.result = result;
    this.work = work;
    this.preStart = preStart;
    this.pres = pres;
    this.maxPres = maxPres;
    this.folded = folded;
    boolean f = false;
    for (byte k : instructions) {
      f |= k == Instruction.FENCE.code;
    }
    this.fenced = f;
  }

  /**
   * Per node, the operations this template replays there (computed on first use; nodes of the machine):
   * its point tasks on their processors' nodes, and its fills, copies and fences on node 0, where the
   * runtime completes them. Each costs the cost model's replay cost per operation.
   */
  private int[] tasksPerNode;

  /** Whether a step is the fence: a replay of this template issues one (a fenced replay). */
  public boolean fenced() {
    return fenced;
  }

  public int[] tasksPerNode(int nodes) {
    if (tasksPerNode == null || tasksPerNode.length != nodes) {
      int[] c = new int[nodes];
      for (int i = 0; i < instructions.length; i++) {
        int node = switch (Instruction.of(instructions[i])) {
          case TASK -> ((Command.Work.Task) work[i]).processor().node();
          // a fill, copy or fence: replayed by the issuing node's runtime, like a task's launch
          case COMPLETE -> nodes > 0 ? 0 : -1;
          case FENCE, MERGE, REISSUE, SUMMARY -> -1; // not one of the trace's operations
        };
        if (node >= 0) {
          c[node]++;
        }
      }
      tasksPerNode = c;
    }
    return tasksPerNode;
  }

  int steps() {
    return instructions.length;
  }

  /**
   * Per operation position in the trace ({@code ops} of them), the processor its task is launched for
   * (null for what is not a task): the homes a steal log is checked against. O(steps).
   */
  public Processor[] homes(int ops) {
    Processor[] out = new Processor[ops];
    for (int i = 0; i < instructions.length; i++) {
      if (Instruction.of(instructions[i]) == Instruction.TASK) {
        Command.Work.Task t = (Command.Work.Task) work[i];
        if (t.index() < ops) {
          out[t.index()] = t.processor();
        }
      }
    }
    return out;
  }

  /**
   * Compiles {@code commands} (local events below {@code events}). {@code exported} tells which
   * events a later replay reads (null: none). O(commands + merge inputs).
   */
  public static TraceTemplate compile(List<Command> commands, int events, IntPredicate exported) {
    int[] uses = new int[events];
    int[] opUses = new int[events]; // reads as the precondition of an Op
    Command.Merge[] mergeOf = new Command.Merge[events];
    int inputs = 0;
    for (Command c : commands) {
      if (c instanceof Command.Merge m) {
        mergeOf[m.result()] = m;
        for (int in : m.inputs()) {
          uses[in]++;
        }
        inputs += m.inputs().length;
      } else if (c instanceof Command.Op o && o.pre() >= 0) {
        uses[o.pre()]++;
        opUses[o.pre()]++;
      } else if (c instanceof Command.Summary sm && sm.pre() >= 0) {
        uses[sm.pre()]++;
      }
    }
    boolean[] fold = new boolean[events];
    int folded = 0;
    for (int e = 0; e < events; e++) {
      // read only as operations' preconditions, by at most two (then its inputs cost fewer edges than
      // the merge's operation and edges), and by no later replay
      fold[e] = mergeOf[e] != null && uses[e] == opUses[e] && uses[e] <= 2 && !exported.test(e);
      if (fold[e]) {
        folded++;
        inputs += mergeOf[e].inputs().length * uses[e];
      }
    }
    int n = commands.size();
    byte[] instructions = new byte[n];
    int[] result = new int[n];
    Command.Work[] work = new Command.Work[n];
    int[] preStart = new int[n + 1];
    int[] pres = new int[inputs + n];
    int steps = 0;
    int p = 0;
    int maxPres = 0;
    for (Command c : commands) {
      if (c instanceof Command.Merge m && fold[m.result()]) {
        continue; // its inputs become the preconditions of the operations that read it
      }
      preStart[steps] = p;
      result[steps] = c.result();
      if (c instanceof Command.Fence) {
        instructions[steps] = Instruction.FENCE.code;
      } else if (c instanceof Command.Merge m) {
        instructions[steps] = Instruction.MERGE.code;
        for (int in : m.inputs()) {
          pres[p++] = in;
        }
      } else if (c instanceof Command.Op o) {
        instructions[steps] = Instruction.of(o.work()).code;
        work[steps] = o.work();
        int pre = o.pre();
        if (pre >= 0 && fold[pre]) {
          for (int in : mergeOf[pre].inputs()) {
            pres[p++] = in;
          }
        } else if (pre >= 0) {
          pres[p++] = pre;
        }
        maxPres = Math.max(maxPres, p - preStart[steps]);
      } else {
        Command.Summary sm = (Command.Summary) c;
        instructions[steps] = Instruction.SUMMARY.code;
        if (sm.pre() >= 0) {
          pres[p++] = sm.pre();
        }
      }
      steps++;
    }
    preStart[steps] = p;
    return new TraceTemplate(Arrays.copyOf(instructions, steps), Arrays.copyOf(result, steps), Arrays.copyOf(work, steps),
        Arrays.copyOf(preStart, steps + 1), Arrays.copyOf(pres, p), maxPres, folded);
  }

  /**
   * The events below {@code n} that {@code commands} read: of fence-elided commands, the previous
   * replay's events each replay binds.
   */
  public static boolean[] readBelow(List<Command> commands, int n) {
    boolean[] read = new boolean[n];
    for (Command c : commands) {
      if (c instanceof Command.Merge m) {
        for (int in : m.inputs()) {
          if (in < n) {
            read[in] = true;
          }
        }
      } else if (c instanceof Command.Op o && o.pre() >= 0 && o.pre() < n) {
        read[o.pre()] = true;
      } else if (c instanceof Command.Summary sm && sm.pre() >= 0 && sm.pre() < n) {
        read[sm.pre()] = true;
      }
    }
    return read;
  }

  /**
   * Executes the template's instructions in order: {@code ev} binds local event names to simulator
   * events (those a back-to-back replay starts from already bound), the fence is {@code chainFence},
   * each task also waits for its node's {@code gates} entry (the replay's own work), and the trace's
   * operations {@code ops} are launched, re-issued and completed through {@code replay}. Returns the
   * summary's event: when every replayed operation has completed. O(steps + preconditions) simulator
   * calls.
   */
  public Event execute(Event[] ev, Event chainFence, Event[] gates, List<PendingOp> ops, ReplaySupport replay,
      Simulation sim) {
    return execute(ev, chainFence, gates, ops, replay, sim, null);
  }

  /**
   * {@link #execute(Event[], Event, Event[], List, ReplaySupport, Simulation)} running each task on
   * the processor the task of event {@code runLike[its position in the trace]} ran on (the recording's
   * task at that position: a recorded steal log's placements, read by the simulator when the task is
   * ready; null: where the scheduler puts it).
   */
  public Event execute(Event[] ev, Event chainFence, Event[] gates, List<PendingOp> ops, ReplaySupport replay,
      Simulation sim, Event[] runLike) {
    Event[] pre = new Event[maxPres + 1]; // an operation's preconditions, and the gate
    Event completion = Event.NONE;
    byte[] instructions = this.instructions; // locals: the loop below is the replay's hot path
    int[] result = this.result;
    int[] preStart = this.preStart;
    int[] pres = this.pres;
    for (int i = 0, steps = instructions.length; i < steps; i++) {
      int from = preStart[i];
      int k = preStart[i + 1] - from;
      ev[result[i]] = switch (Instruction.of(instructions[i])) {
        case FENCE -> chainFence;
        case MERGE -> merged(sim, ev, pres, from, k);
        case TASK -> {
          copy(ev, pres, from, k, pre);
          Command.Work.Task t = (Command.Work.Task) work[i];
          Event gate = gates[t.processor().node()];
          if (!gate.isNone()) {
            pre[k++] = gate; // the replay's own work (tasks only: copies were never charged it)
          }
          yield replay.launch(ops.get(t.index()), t.processor(), t.memories(), t.reductionInstances(), Event.NONE,
              pre, k, runLike == null ? null : runLike[t.index()]);
        }
        case REISSUE -> {
          copy(ev, pres, from, k, pre);
          Command.Work.Reissue ri = (Command.Work.Reissue) work[i];
          yield replay.reissue(ri.operation(), ri.effect(), Event.NONE, pre, k);
        }
        case COMPLETE -> {
          Event done = k == 0 ? Event.NONE : k == 1 ? ev[pres[from]] : merged(sim, ev, pres, from, k);
          Command.Work.Complete c = (Command.Work.Complete) work[i];
          yield replay.completeReplayed(ops.get(c.index()), done);
        }
        case SUMMARY -> { // the engine registers the summary itself, when it decides (§IV-E)
          completion = k == 0 ? Event.NONE : ev[pres[from]];
          yield completion;
        }
      };
    }
    return completion;
  }

  /** The events named by {@code pres[from .. from + k - 1]}, into {@code out}. */
  private static void copy(Event[] ev, int[] pres, int from, int k, Event[] out) {
    for (int j = 0; j < k; j++) {
      out[j] = ev[pres[from + j]];
    }
  }

  /**
   * The merge of the events named by {@code pres[from .. from + k - 1]}, in a new array (the merge
   * reads it in place).
   */
  private static Event merged(Simulation sim, Event[] ev, int[] pres, int from, int k) {
    Event[] in = new Event[k];
    for (int j = 0; j < k; j++) {
      in[j] = ev[pres[from + j]];
    }
    return sim.merge(in);
  }
}
