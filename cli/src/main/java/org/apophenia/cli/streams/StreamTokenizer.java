package org.apophenia.cli.streams;

import org.apophenia.apophenia.TokenHasher;
import org.apophenia.apophenia.Tokenizer;
import org.apophenia.apophenia.Traceability;

/**
 * Tokens of captured stream operations: the {@link TokenHasher} of the name and each canonical argument,
 * in order.
 * Stateless and thread-safe.
 */
public final class StreamTokenizer implements Tokenizer<StreamOp> {
  public static final StreamTokenizer INSTANCE = new StreamTokenizer();

  private StreamTokenizer() {}

  @Override
  public long token(StreamOp op) {
    TokenHasher h = TokenHasher.start().putString(op.name()).putInt(op.args().size());
    for (String a : op.args()) {
      h.putString(a);
    }
    return h.token();
  }

  @Override
  public Traceability classify(StreamOp op) {
    return op.kind();
  }
}
