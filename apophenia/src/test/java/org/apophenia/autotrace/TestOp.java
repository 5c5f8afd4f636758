package org.apophenia.autotrace;

/** An operation of the tests: a token, a kind, and its sequence number in the input stream. */
record TestOp(long token, Traceability kind, int seq) {
  static final Tokenizer<TestOp> TOKENIZER = new Tokenizer<>() {
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
