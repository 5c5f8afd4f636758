package org.apophenia.replay.template;

import java.util.Arrays;
import java.util.List;
import org.apophenia.sim.Operation;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * One graph-calculus command of a recording ({@code Recording}) (dynamic tracing paper §IV-B, Figure 3):
 * {@code e := fence}, {@code e := merge(ē)}, {@code e := op(o, e')} and the final summary operation.
 * Events are local names: dense ints from 0 within one recording, {@code -1} for "no precondition".
 * A command only uses events defined by earlier commands. A closed family of immutable values.
 */
public sealed interface Command {
  /** The event this command defines. */
  int result();

  /** {@code e := fence}: waits for every earlier operation that uses the trace's data. */
  record Fence(int result) implements Command {
    @Override
    public String toString() {
      return "e" + result + " := fence";
    }
  }

  /** {@code e := merge(inputs)}. */
  record Merge(int result, int[] inputs) implements Command {
    public Merge {
      inputs = inputs.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Merge m && m.result == result && Arrays.equals(m.inputs, inputs);
    }

    @Override
    public int hashCode() {
      return 31 * result + Arrays.hashCode(inputs);
    }

    @Override
    public String toString() {
      StringBuilder b = new StringBuilder("e").append(result).append(" := merge(");
      for (int i = 0; i < inputs.length; i++) {
        b.append(i == 0 ? "e" : ", e").append(inputs[i]);
      }
      return b.append(')').toString();
    }
  }

  /** {@code e := op(work, pre)}; {@code owner} is the index of the trace operation it was issued for. */
  record Op(int result, int pre, int owner, Work work) implements Command {
    @Override
    public String toString() {
      return "e" + result + " := op(" + work + ", " + (pre < 0 ? "-" : "e" + pre) + ")";
    }
  }

  /** {@code e := op(T_summary, pre)}: the summary operation that writes everything the trace used. */
  record Summary(int result, int pre) implements Command {
    @Override
    public String toString() {
      return "e" + result + " := op(T_summary, " + (pre < 0 ? "-" : "e" + pre) + ")";
    }
  }

  /** What an {@link Op} does when replayed. A closed family. */
  sealed interface Work {
    /**
     * The trace's {@code index}-th task, launched with its recorded mapping: processor, memories and,
     * if it has REDUCE requirements, the reduction instances it reduced into (opaque, from
     * {@code TraceSupport.reductionInstances}; reused and reset to the identity by each replay, and
     * read by the recorded folds), else null.
     */
    record Task(int index, Processor processor, List<Memory> memories, Object reductionInstances) implements Work {
      public Task {
        memories = List.copyOf(memories);
      }

      public Task(int index, Processor processor, List<Memory> memories) {
        this(index, processor, memories, null);
      }

      @Override
      public String toString() {
        return "T" + index;
      }
    }

    /** A copy or fill the analysis issued, re-issued as is with its data movement. */
    record Reissue(Operation operation, Runnable effect) implements Work {
      @Override
      public String toString() {
        return operation instanceof Operation.Copy c ? "copy " + c.name() : operation.getClass().getSimpleName();
      }
    }

    /**
     * The trace's {@code index}-th operation, a fill, copy, reduction copy or execution fence, completes
     * when its precondition does: its recorded commands (re-issued before this) or, for a fence, the
     * merge of what it waited for. Issues nothing; the runtime marks the operation complete.
     */
    record Complete(int index) implements Work {
      @Override
      public String toString() {
        return "done(O" + index + ")";
      }
    }

    /** An operation known only by name: the paper's examples in tests and reports. */
    record Named(String name) implements Work {
      @Override
      public String toString() {
        return name;
      }
    }
  }
}
