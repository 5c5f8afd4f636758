package org.apophenia.autotrace;


/**
 * Operations received but not yet forwarded, in program order: a growable ring of operations with
 * their tokens and token positions ({@code -1} for {@link Traceability#NO_OP} operations, which have none).
 * O(1) amortised add and remove; not thread-safe.
 */
final class PendingQueue<O> {
  private Object[] ops = new Object[64];
  private long[] positions = new long[64];
  private long[] tokens = new long[64];
  private int head;
  private int size;

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void add(O op, long position, long token) {
    if (size == ops.length) {
      grow();
    }
    int i = (head + size) & (ops.length - 1);
    ops[i] = op;
    positions[i] = position;
    tokens[i] = token;
    size++;
  }

  /** Position of the head operation; -1 for a no-op. */
  long headPosition() {
    return positions[head];
  }

  /** Token of the head operation (meaningless for a no-op). */
  long headToken() {
    return tokens[head];
  }

  @SuppressWarnings("unchecked")
  O poll() {
    O op = (O) ops[head];
    ops[head] = null;
    head = (head + 1) & (ops.length - 1);
    size--;
    return op;
  }

  private void grow() {
    int n = ops.length;
    Object[] o = new Object[n * 2];
    long[] p = new long[n * 2];
    long[] t = new long[n * 2];
    for (int i = 0; i < size; i++) {
      o[i] = ops[(head + i) & (n - 1)];
      p[i] = positions[(head + i) & (n - 1)];
      t[i] = tokens[(head + i) & (n - 1)];
    }
    ops = o;
    positions = p;
    tokens = t;
    head = 0;
  }

  /** Releases memory after a burst (keeps the ring small when it is empty again). */
  void trim() {
    if (size == 0 && ops.length > 1024) {
      ops = new Object[64];
      positions = new long[64];
      tokens = new long[64];
      head = 0;
    }
  }

  @Override
  public String toString() {
    return "PendingQueue[size=" + size + ", capacity=" + ops.length + "]";
  }
}
