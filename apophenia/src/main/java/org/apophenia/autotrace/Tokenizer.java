package org.apophenia.autotrace;

/**
 * Maps an operation to the 64-bit token the string analysis works on, and to its
 * {@link Traceability}.
 *
 * <p>Contract: two operations whose dependence analysis could differ must get different tokens (up to
 * hash collisions, about 2^-64 per pair with {@link TokenHasher}); operations that differ only in
 * things the analysis ignores (tags, mapping hints) should get equal tokens. {@link #token} is only
 * called for {@link Traceability#TRACEABLE} operations. Called on the application thread for every
 * operation: keep it allocation-free where possible. Must be a pure function of the operation.
 *
 * @param <O> the operation type
 */
public interface Tokenizer<O> {
  /** The token of a traceable operation (task id, region arguments, fields, privileges, ...). */
  long token(O op);

  /** Whether the operation is traceable, invisible to tracing, or breaks traces. */
  default Traceability classify(O op) {
    return Traceability.TRACEABLE;
  }
}
