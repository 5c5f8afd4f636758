package org.apophenia.autotrace;

/** How the interceptor treats one operation; decided by the {@link Tokenizer}. */
public enum Traceability {
  /** Hashed into the history, matched against traces, may be issued inside trace markers. */
  TRACEABLE,
  /**
   * Invisible to trace search (say, a timing query or a hint): forwarded in program order without
   * entering the history or moving the trie pointers. It may end up inside a trace's markers when it
   * sits between two traced operations.
   */
  NO_OP,
  /**
   * Cannot be part of a trace (an inline mapping, a partitioning, a blocking wait on a buffered
   * result): pushes a never-repeating token, clears the trie pointers, flushes the pending operations
   * and is forwarded untraced (REFERENCES.md, Legion's behaviour).
   */
  UNTRACEABLE
}
