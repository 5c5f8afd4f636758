package org.apophenia.sim;

import java.util.List;
import java.util.Objects;
import org.apophenia.sim.machine.Memory;
import org.apophenia.sim.machine.Processor;

/**
 * The Realm-like operations a {@link Simulation} executes (Legion thesis §3.1.3): each waits for a
 * precondition event and produces a completion event. Immutable values describing what to run;
 * submit them with {@link Simulation#submit}.
 */
public sealed interface Operation {

  /**
   * An application task on a processor; its duration is {@code cost} on the processor's kind. When it
   * starts in simulated time, {@code body} (if not null) runs on the simulating thread — that is
   * where a runtime executes the real task. {@code attributes} add reservations to hold, the data it
   * touches and a processor it must run on ({@link TaskAttributes#NONE}: none of those).
   */
  record Task(String name, Processor processor, TaskCost cost, Event precondition, Runnable body,
      TaskAttributes attributes) implements Operation {
    public Task {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(processor, "processor");
      Objects.requireNonNull(cost, "cost");
      Objects.requireNonNull(precondition, "precondition");
      Objects.requireNonNull(attributes, "attributes");
    }

    public Task(String name, Processor processor, TaskCost cost, Event precondition, Runnable body) {
      this(name, processor, cost, precondition, body, TaskAttributes.NONE);
    }

    public Task(String name, Processor processor, TaskCost cost, Event precondition) {
      this(name, processor, cost, precondition, null, TaskAttributes.NONE);
    }
  }

  /**
   * A copy of {@code bytes} from one memory to another over the machine's cheapest route; each hop
   * occupies its channel for {@code latency + bytes / bandwidth}, hop after hop. {@code writes} are the
   * keys of the data whose content it changes (a reduction fold, an explicit copy; not a copy that only
   * makes data valid in another memory), or null: a work-stealing scheduler counts them as new versions
   * ({@link Footprint}).
   */
  record Copy(String name, Memory from, Memory to, long bytes, Event precondition, long[] writes)
      implements Operation {
    public Copy {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(from, "from");
      Objects.requireNonNull(to, "to");
      Objects.requireNonNull(precondition, "precondition");
      if (bytes < 0) {
        throw new IllegalArgumentException("copy " + name + ": negative size " + bytes);
      }
    }

    public Copy(String name, Memory from, Memory to, long bytes, Event precondition) {
      this(name, from, to, bytes, precondition, null);
    }

    /** The same copy after {@code pre} instead (a replay re-issues it). */
    public Copy after(Event pre) {
      return new Copy(name, from, to, bytes, pre, writes);
    }
  }

  /**
   * A fill of {@code bytes} of {@code memory} with a value, on the memory's local channel; {@code writes}
   * as for {@link Copy}.
   */
  record Fill(String name, Memory memory, long bytes, Event precondition, long[] writes) implements Operation {
    public Fill {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(memory, "memory");
      Objects.requireNonNull(precondition, "precondition");
      if (bytes < 0) {
        throw new IllegalArgumentException("fill " + name + ": negative size " + bytes);
      }
    }

    public Fill(String name, Memory memory, long bytes, Event precondition) {
      this(name, memory, bytes, precondition, null);
    }

    /** The same fill after {@code pre} instead (a replay re-issues it). */
    public Fill after(Event pre) {
      return new Fill(name, memory, bytes, pre, writes);
    }
  }

  /**
   * Work of the runtime itself (dependence analysis, trace replay) charged to a UTILITY processor for
   * a duration the runtime decides. {@code body}, if not null, runs when the work starts.
   */
  record RuntimeWork(String name, Processor processor, Category category, long nanos, Event precondition,
      Runnable body) implements Operation {
    public RuntimeWork {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(processor, "processor");
      Objects.requireNonNull(category, "category");
      Objects.requireNonNull(precondition, "precondition");
      if (category != Category.ANALYSIS && category != Category.REPLAY) {
        throw new IllegalArgumentException("runtime work is ANALYSIS or REPLAY, not " + category);
      }
      if (nanos < 0) {
        throw new IllegalArgumentException("runtime work " + name + ": negative duration " + nanos);
      }
    }

    public RuntimeWork(String name, Processor processor, Category category, long nanos, Event precondition) {
      this(name, processor, category, nanos, precondition, null);
    }
  }

  /** An event that triggers when all of {@code events} have (Realm's merge); takes no time. */
  record Merge(List<Event> events) implements Operation {
    public Merge {
      events = List.copyOf(events);
    }
  }

  /**
   * An execution fence: triggers when {@code precondition} and every operation submitted before it
   * (since the previous fence, which it also waits for) have completed. Barriers and user events are
   * not operations and are not waited for.
   */
  record Fence(Event precondition) implements Operation {
    public Fence {
      Objects.requireNonNull(precondition, "precondition");
    }
  }

  /** One arrival at {@code barrier}, counted when {@code precondition} triggers. */
  record Arrive(Barrier barrier, Event precondition) implements Operation {
    public Arrive {
      Objects.requireNonNull(barrier, "barrier");
      Objects.requireNonNull(precondition, "precondition");
    }
  }
}
