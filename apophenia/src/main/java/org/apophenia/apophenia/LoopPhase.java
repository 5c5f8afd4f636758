package org.apophenia.apophenia;

import java.util.ArrayDeque;

/**
 * The phase of a loop's trace: a trace that tiles a loop (its occurrences follow one another back to
 * back) matches the loop equally well starting at any of its operations, so the replayer may choose
 * the rotation that suits the program's breaks ({@link TraceReplayer#rephase}). Stateless.
 */
final class LoopPhase {
  private LoopPhase() {}

  /** {@code tokens[k..] tokens[..k]}: the rotation that starts at the {@code k}-th token. */
  static long[] rotation(long[] tokens, int k) {
    long[] r = new long[tokens.length];
    System.arraycopy(tokens, k, r, 0, tokens.length - k);
    System.arraycopy(tokens, 0, r, tokens.length - k, k);
    return r;
  }

  /**
   * A trace that tiles a loop among those {@code node} is a strict prefix of (an open match at
   * {@code node} is inside it), or null. Depth-first over the node's subtree, the traces sharing its
   * prefix: a split trace's dyadic pieces are prefixes of it and do not tile, so the first trace
   * below is often not the loop's. Called at breaks only, not per operation.
   */
  static Trace tilingBelow(Trie.Node<Trace> node) {
    ArrayDeque<Trie.Node<Trace>> stack = new ArrayDeque<>();
    node.forEachChild(stack::push);
    while (!stack.isEmpty()) {
      Trie.Node<Trace> n = stack.pop();
      if (n.payload != null && n.payload.tiles()) {
        return n.payload;
      }
      n.forEachChild(stack::push);
    }
    return null;
  }
}
