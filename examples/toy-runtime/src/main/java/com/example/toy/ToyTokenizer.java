package com.example.toy;

import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Tokenizer;

/**
 * The token of a toy task: everything the toy runtime's analysis depends on (the kernel, each region
 * read, the region written, the constant), hashed with Apophenia's {@link TokenHasher}. Two tasks the
 * analysis could treat differently get different tokens; nothing else enters. Every toy task is
 * traceable, so {@link Tokenizer#classify} keeps its default. Called on the application thread only;
 * one reused hasher, no allocation.
 */
public final class ToyTokenizer implements Tokenizer<ToyTask> {
  private final TokenHasher hasher = new TokenHasher();

  @Override
  public long token(ToyTask t) {
    TokenHasher h = hasher.reset().putString(t.kernel());
    for (int r : t.reads()) {
      h.putInt(r);
    }
    return h.putInt(-1).putInt(t.write()).putLong(Double.doubleToRawLongBits(t.constant())).token();
  }
}
