package org.apophenia.legion.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apophenia.legion.RuntimeInternals;
import org.apophenia.legion.analysis.DependenceGraph;
import org.apophenia.legion.analysis.LogicalAnalyzer;
import org.apophenia.legion.api.Coherence;
import org.apophenia.legion.api.DefaultMapper;
import org.apophenia.sim.Span;

/**
 * The logical analysis against a brute-force oracle that checks every pair of operations in program
 * order (ARCHITECTURE.md invariant 4; Legion thesis §4.1, and §9.1 for coherence): an operation follows
 * every earlier one it interferes with under a coherence that orders them in program order, and two
 * ATOMIC operations that interfere never run at the same time. Programs are exclusive only, or mix the
 * four coherence modes ({@code coherence}). Shrunk counterexamples of past bugs are kept in
 * {@link DependenceExamplesTest}. Tries are high because a program is cheap (about a millisecond) and
 * the soundness bug those examples pin showed up in a few percent of programs.
 */
class DependenceProperties {
  @Property(tries = 10_000)
  void everyEarlierOperationItMustFollowIsAnAncestor(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int len,
      @ForAll boolean coherence) {
    ProgramRunner run = new ProgramRunner(new RandomProgram(seed, len, coherence ? RandomProgram.Modes.MIXED : RandomProgram.Modes.EXCLUSIVE), new DefaultMapper(),
        "perlmutter:1");
    DependenceGraph g = RuntimeInternals.graph(run.rt);
    BitSet[] anc = ancestors(g);
    for (Map.Entry<Integer, ProgramRunner.UserOp> j : run.users.entrySet()) {
      for (Map.Entry<Integer, ProgramRunner.UserOp> i : run.users.entrySet()) {
        if (i.getKey() < j.getKey() && related(i.getValue(), j.getValue(), Coherence.Order.PROGRAM)) {
          assertThat(anc[j.getKey()].get(i.getKey()))
              .as("op %s must be ordered after interfering op %s", g.name(j.getKey()), g.name(i.getKey())).isTrue();
        }
      }
    }
  }

  /**
   * Two operations that interfere only under ATOMIC coherence on both sides (no requirement pair puts
   * them in program order) may run in either order but never at the same time: their tasks' spans on the
   * simulated machine do not overlap (the reservations they hold, thesis §9.4.2).
   */
  @Property(tries = 2_000)
  void interferingAtomicOperationsNeverOverlap(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int len) {
    // tasks spread over four CPUs sharing one memory: only the reservations keep atomic ones apart
    ProgramRunner run = new ProgramRunner(new RandomProgram(seed, len, RandomProgram.Modes.MIXED),
        new SpreadHostMapper(), "perlmutter:1");
    run.rt.finish();
    DependenceGraph g = RuntimeInternals.graph(run.rt);
    for (Map.Entry<Integer, ProgramRunner.UserOp> j : run.users.entrySet()) {
      for (Map.Entry<Integer, ProgramRunner.UserOp> i : run.users.entrySet()) {
        if (i.getKey() < j.getKey() && related(i.getValue(), j.getValue(), Coherence.Order.SERIALISED)
            && !related(i.getValue(), j.getValue(), Coherence.Order.PROGRAM)) {
          Span a = run.spans.get(g.event(i.getKey()).id());
          Span b = run.spans.get(g.event(j.getKey()).id());
          assertThat(a.end() <= b.start() || b.end() <= a.start())
              .as("atomic ops %s [%d, %d] and %s [%d, %d] overlap", g.name(i.getKey()), a.start(), a.end(),
                  g.name(j.getKey()), b.start(), b.end()).isTrue();
        }
      }
    }
  }

  /** The same law with readers collapsed into summaries as early as possible (LogicalAnalyzer). */
  @Property(tries = 3_000)
  void soundWhenReadersAreCollapsedEarly(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int len,
      @ForAll boolean coherence) {
    int saved = LogicalAnalyzer.collapseAt;
    LogicalAnalyzer.collapseAt = 2;
    try {
      everyEarlierOperationItMustFollowIsAnAncestor(seed, len, coherence);
      directEdgesBetweenUserOperationsJoinOperationsInProgramOrder(seed, len, coherence);
    } finally {
      LogicalAnalyzer.collapseAt = saved;
    }
  }

  /**
   * Precise at region/field/privilege/coherence granularity: a direct edge between two user operations
   * joins operations that interfere under a coherence that puts them in program order. (Edges through
   * close operations may over-order; see LogicalAnalyzer.)
   */
  @Property(tries = 5_000)
  void directEdgesBetweenUserOperationsJoinOperationsInProgramOrder(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 60) int len, @ForAll boolean coherence) {
    ProgramRunner run = new ProgramRunner(new RandomProgram(seed, len, coherence ? RandomProgram.Modes.MIXED : RandomProgram.Modes.EXCLUSIVE), new DefaultMapper(),
        "perlmutter:1");
    DependenceGraph g = RuntimeInternals.graph(run.rt);
    for (Map.Entry<Integer, ProgramRunner.UserOp> j : run.users.entrySet()) {
      for (int d : g.deps(j.getKey())) {
        ProgramRunner.UserOp i = run.users.get(d);
        if (i != null) {
          assertThat(related(i, j.getValue(), Coherence.Order.PROGRAM)).as("edge %s -> %s", g.name(d),
              g.name(j.getKey())).isTrue();
        }
      }
    }
  }

  /** Whether some requirement of {@code a} and some of {@code b} interfere and are ordered as {@code order}. */
  static boolean related(ProgramRunner.UserOp a, ProgramRunner.UserOp b, Coherence.Order order) {
    for (int x = 0; x < a.rects().size(); x++) {
      for (int y = 0; y < b.rects().size(); y++) {
        if (RandomProgram.interfere(a.rects().get(x), a.masks().get(x), a.privs().get(x), b.rects().get(y),
            b.masks().get(y), b.privs().get(y))
            && RandomProgram.order(a.cohs().get(x), a.privs().get(x), b.cohs().get(y), b.privs().get(y)) == order) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Every node's ancestors, by an iterative post-order walk: a task depends on the closes its own
   * analysis made after it, so ids are not a topological order, and chains of reader summaries are
   * too deep for recursion.
   */
  static BitSet[] ancestors(DependenceGraph g) {
    BitSet[] anc = new BitSet[g.size()];
    // set when a node's dependences are first pushed: everything above it on the stack then descends
    // from it, so a dependence on it from there closes a cycle (which would push forever)
    boolean[] expanding = new boolean[g.size()];
    java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
    for (int root = 0; root < g.size(); root++) {
      if (anc[root] != null) {
        continue;
      }
      stack.push(root);
      while (!stack.isEmpty()) {
        int op = stack.peek();
        boolean ready = true;
        for (int d : g.deps(op)) {
          if (anc[d] == null) {
            if (expanding[d]) {
              throw new AssertionError("the dependence graph has a cycle: " + g.name(op) + " depends on "
                  + g.name(d) + ", which it descends from");
            }
            stack.push(d);
            ready = false;
          }
        }
        expanding[op] = true;
        if (!ready) {
          continue;
        }
        stack.pop();
        if (anc[op] == null) {
          BitSet b = new BitSet();
          for (int d : g.deps(op)) {
            b.set(d);
            b.or(anc[d]);
          }
          anc[op] = b;
        }
      }
    }
    return anc;
  }
}
