package org.apophenia.cli.streams;

import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Tokenizer;
import org.apophenia.autotrace.Traceability;

/**
 * Tokens of captured stream operations: the {@link TokenHasher} fold of the name's key, the number
 * of arguments and each canonical argument's key, in order. The keys are the strings' own hashes,
 * computed when the operation was built ({@link StreamOp}), so the token is a function of the
 * operation's content (name, arguments), the same in every stream, and hashing it here touches no
 * character: one multiply-fold per field.
 * Stateless and thread-safe.
 */
public final class StreamTokenizer implements Tokenizer<StreamOp> {
  public static final StreamTokenizer INSTANCE = new StreamTokenizer();

  private StreamTokenizer() {}

  @Override
  public long token(StreamOp op) {
    long[] k = op.keys;
    TokenHasher h = TokenHasher.start().putLong(k[0]).putInt(k.length - 1);
    for (int i = 1; i < k.length; i++) {
      h.putLong(k[i]);
    }
    return h.token();
  }

  @Override
  public Traceability classify(StreamOp op) {
    return op.kind();
  }
}
