package org.apophenia.samples.array;

/**
 * The array operations' tokenizer under its former name. Tokens are where Apophenia meets the
 * runtime, so the tokenizer lives in the adapter, {@link org.apophenia.samples.adapter.ArrayTokenizer};
 * this alias only keeps tests that still name it here compiling, and goes once they name the adapter's.
 *
 * @deprecated name {@link org.apophenia.samples.adapter.ArrayTokenizer} instead
 */
@Deprecated
public final class ArrayTokenizer {
  /** The adapter's tokenizer. */
  public static final org.apophenia.samples.adapter.ArrayTokenizer INSTANCE =
      org.apophenia.samples.adapter.ArrayTokenizer.INSTANCE;

  private ArrayTokenizer() {}
}
