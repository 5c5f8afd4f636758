package org.apophenia.legion.tracing;

import java.util.List;
import org.apophenia.legion.api.Field;
import org.apophenia.legion.api.LogicalRegion;
import org.apophenia.legion.instances.MemorySet;
import org.apophenia.sim.Event;
import org.apophenia.sim.machine.Memory;

/**
 * The runtime's physical state as a {@link TraceEngine} checks and sets it: which memories hold valid
 * data, by region and field, and at the finest granularity, by equivalence atom (disjoint pieces of a
 * region tree). What a replay's precondition reads and its postcondition writes (dynamic tracing
 * paper §IV-B). Only valid on the application thread during engine callbacks.
 */
public interface ValidInstances {
  /**
   * Memories holding all of {@code region}'s {@code field} valid; empty if none does or reductions are
   * pending on part of it.
   */
  MemorySet validMemories(LogicalRegion region, Field field);

  /**
   * Postcondition: {@code region}'s fields {@code fields} are valid in {@code memory} from {@code ready}
   * on; {@code exclusive} makes it the only valid copy (rule W), else it is added.
   */
  void setValid(LogicalRegion region, long fields, Memory memory, Event ready, boolean exclusive);

  /**
   * The equivalence atoms covering {@code region}: indices stable until {@link #treeVersion} changes.
   * Returns a shared array: do not modify.
   */
  int[] atomsOf(LogicalRegion region);

  /**
   * Bumped whenever a new subregion refines the atoms of {@code region}'s tree. This and the atom-state
   * methods below accept destroyed regions: the state belongs to the tree.
   */
  int treeVersion(LogicalRegion region);

  /**
   * Memories holding a valid copy of {@code field} for {@code atom} of {@code region}'s tree; empty if
   * reductions are pending on it (never empty otherwise). O(memories / 64); no allocation when at most
   * one memory below id 64 holds it.
   */
  MemorySet atomValid(LogicalRegion region, int atom, int field);

  /**
   * Postcondition at atom granularity: {@code atom}'s {@code field} is valid exactly in
   * {@code memories} from {@code ready} on; pending reductions are dropped (the replayed work folded them).
   * IllegalArgumentException, with nothing changed, if {@code memories} names a memory the machine does
   * not have.
   */
  void setAtomValid(LogicalRegion region, int atom, int field, MemorySet memories, Event ready);

  /**
   * Folds the reductions pending on {@code atom}'s {@code field} now (rule R2 applied eagerly rather
   * than when the data is next used) into the lowest memory holding it valid, and returns the fold
   * copies issued, in order (empty if none is pending). The result is the same data a later reader
   * would fold: the contributions are folded in the same order into the same values. The folds are
   * registered as a READ_WRITE user of {@code region}'s field in the logical analysis, so that later
   * operations on the data wait for them. For an engine that folds the reductions pending at a trace's
   * boundaries; only while a trace is open (IllegalStateException otherwise).
   */
  List<Issued> foldPending(LogicalRegion region, int atom, int field);
}
