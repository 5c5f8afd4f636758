package org.apophenia.autotrace;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link Pointers} where runs help least and cost most: one chain of {@code length} equal tokens
 * (nodes allocated in order, so stepping node by node walks memory in order too), a pointer at nearly
 * every depth, and the trie changed (a sequence inserted and removed) every {@code changeEvery}
 * operations ({@code 0}: never). Every change drops the runs; {@link #runs} steps the pointers with
 * them, {@link #nodeByNode} steps the same pointers with {@link Trie.Node#child}, the way they were
 * stepped before runs. Half the pointers are dropped whenever the chain is full, as an issued match
 * drops those it overlaps. One operation per invocation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PointerRunsBenchmark {
  private static final long TOKEN = 7;
  private static final long[] OTHER = {9, 9, 9, 9, 9};

  @Param({"40", "300"})
  public int length;

  @Param({"0", "1", "8", "64"})
  public int changeEvery;

  private Trie<String> trie;
  private Pointers<String> pointers;
  private Trie.Node<String>[] nodes;
  private long[] starts;
  private int open;
  private long pos;
  private final Pointers.Walker<String> walker = new Pointers.Walker<>() {
    @Override
    public void diverged(int i, Trie.Node<String> node, long start) {}

    @Override
    public boolean reached(Trie.Node<String> next, long start) {
      return next.hasChildren();
    }
  };

  @Setup(Level.Trial)
  @SuppressWarnings("unchecked")
  public void setUp() {
    trie = new Trie<>();
    long[] chain = new long[length];
    Arrays.fill(chain, TOKEN);
    trie.insert(chain, "chain");
    pointers = new Pointers<>(trie);
    nodes = new Trie.Node[length + 2];
    starts = new long[length + 2];
  }

  private void change() {
    if (changeEvery > 0 && pos % changeEvery == 0) {
      trie.remove(trie.insert(OTHER, "other"));
    }
  }

  @Benchmark
  public int runs() {
    change();
    int w = pointers.advance(TOKEN, walker);
    Trie.Node<String> first = trie.root().child(TOKEN);
    pointers.truncate(w);
    if (first != null && walker.reached(first, pos)) {
      pointers.set(w++, first, pos);
    }
    pointers.truncate(w);
    if (w >= length - 1) {
      pointers.dropStartingBefore(pos - length / 2);
    }
    pos++;
    return w;
  }

  /** The pointers as they were before runs: a node and a start each, stepped with {@link Trie.Node#child}. */
  @Benchmark
  public int nodeByNode() {
    change();
    int w = 0;
    for (int i = 0; i < open; i++) {
      Trie.Node<String> next = nodes[i].child(TOKEN);
      if (next == null) {
        walker.diverged(i, nodes[i], starts[i]);
      } else if (walker.reached(next, starts[i])) {
        nodes[w] = next;
        starts[w++] = starts[i];
      }
    }
    Trie.Node<String> first = trie.root().child(TOKEN);
    if (first != null && walker.reached(first, pos)) {
      nodes[w] = first;
      starts[w++] = pos;
    }
    open = w;
    if (w >= length - 1) { // drop the pointers that started before pos - length / 2, as runs() does
      int keep = 0;
      for (int i = 0; i < w; i++) {
        if (starts[i] >= pos - length / 2) {
          nodes[keep] = nodes[i];
          starts[keep++] = starts[i];
        }
      }
      open = keep;
    }
    pos++;
    return open;
  }
}
