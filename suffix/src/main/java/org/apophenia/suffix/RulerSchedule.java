package org.apophenia.suffix;

/**
 * The multi-scale sampling schedule of the Apophenia paper (Section 4.4): which suffix of the history
 * buffer to mine after each token, following the ruler function.
 *
 * <p>Tokens are pushed into a buffer of {@code bufferSize} tokens. After the push that brings the
 * buffer to {@code size} tokens: if the buffer is full, the whole buffer is analysed and a new buffer
 * starts; otherwise, if {@code size} is a multiple of {@code scale}, the last
 * {@code lowestOneBit(size / scale) * scale} tokens are analysed (the ruler function 1, 2, 1, 4, 1, 2,
 * 1, 8, ... in units of {@code scale}); otherwise nothing. Recent, short windows are thus mined often
 * (responsiveness) and long ones rarely (quality), and the tokens mined per buffer are
 * O(B log(B / s)) rather than O(B^2 / s).
 *
 * <p>A pure function of its arguments; immutable and thread-safe.
 *
 * @param bufferSize tokens in a full buffer ({@code B}); at least 1
 * @param scale the sampling unit ({@code s}); between 1 and {@code bufferSize}
 */
public record RulerSchedule(int bufferSize, int scale) {
  public RulerSchedule {
    if (bufferSize < 1) {
      throw new IllegalArgumentException("buffer size must be at least 1, got " + bufferSize);
    }
    if (scale < 1 || scale > bufferSize) {
      throw new IllegalArgumentException(
          "scale must be between 1 and the buffer size " + bufferSize + ", got " + scale);
    }
  }

  /**
   * Number of most recent tokens to analyse right after the buffer reaches {@code size} tokens, or 0
   * for none. Never more than {@code size}.
   *
   * @param size tokens in the current buffer after the push, {@code 1 <= size <= bufferSize}
   */
  public int windowAfter(int size) {
    if (size < 1 || size > bufferSize) {
      throw new IllegalArgumentException("size must be between 1 and " + bufferSize + ", got " + size);
    }
    if (size == bufferSize) {
      return bufferSize;
    }
    if (size % scale != 0) {
      return 0;
    }
    return Integer.lowestOneBit(size / scale) * scale;
  }

  /** Whether the buffer is full at {@code size} tokens, so that a new buffer starts after this push. */
  public boolean isFull(int size) {
    return size >= bufferSize;
  }

  /** Total tokens analysed over one full buffer: the sum of {@link #windowAfter} for sizes 1..B. */
  public long tokensAnalysedPerBuffer() {
    long total = 0;
    for (int size = 1; size <= bufferSize; size++) {
      total += windowAfter(size);
    }
    return total;
  }
}
