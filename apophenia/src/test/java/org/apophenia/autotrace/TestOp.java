package org.apophenia.autotrace;

/**
 * An operation of the tests: a token, a kind, and its sequence number in the input stream. Shared
 * with other modules' tests through apophenia's test jar.
 */
public record TestOp(long token, Traceability kind, int seq) {
  /** The op's own token and kind: the stream decides, no hashing. */
  public static final Tokenizer<TestOp> TOKENIZER = new Tokenizer<>() {
    @Override
    public long token(TestOp op) {
      return op.token;
    }

    @Override
    public Traceability classify(TestOp op) {
      return op.kind;
    }
  };
}
