package org.apophenia.cli;

import java.util.Map;

/**
 * The documented range of every numeric option of the command line but Apophenia's knobs (whose
 * ranges are their registry entries', {@code Knobs}), each upper bound with its reason (README,
 * "Errors and limits"). A value outside its range is refused before any work, with exit code
 * 2 and one line naming the flag, the value and the range, rather than failing later (an array too
 * large to allocate, an overflowing size) or running for days.
 */
final class Limits {
  private Limits() {}

  /** An inclusive range for {@code flag}; {@code why} explains the upper bound. */
  record Range(String flag, long min, long max, String why) {
    /** {@code value} if it is null or inside the range; otherwise a {@link UserError} naming it. */
    Integer check(Integer value) {
      if (value != null) {
        check((long) value);
      }
      return value;
    }

    long check(long value) {
      if (value < min || value > max) {
        throw new UserError(flag + " must be " + min + ".." + max + ", got " + value
            + (value > max ? " (" + why + ")" : ""));
      }
      return value;
    }
  }

  /** {@code repeats}: a repeat occurs twice without overlap in an input of at most 2^31 - 1 tokens. */
  static final Range REPEAT_MIN_LENGTH = new Range("--min-length", 1, 1 << 30,
      "a repeat occurs twice, without overlap, in at most 2^31 - 1 tokens");
  static final Range REPEAT_MAX_LENGTH = new Range("--max-length", 1, 1 << 30,
      "a repeat occurs twice, without overlap, in at most 2^31 - 1 tokens");
  static final Range WINDOW = new Range("--window", 1, 1 << 24,
      "the picture keeps one flag per operation of the window");

  static final Range JIT_WARMUP = new Range("--jit-warmup", 0, 1000,
      "each warm-up run takes as long as the measured one; the JIT compiler settles after some 10^5 operations in all");
  /** Also bounded with the tiles by the heap: {@link RunBudget}. */
  static final Range ITERATIONS = new Range("--iterations", 1, 1_000_000,
      "the run keeps per-iteration marks; a longer stream is analyze's job");
  /** The sample's arrays are cut into at most this many row blocks: twice the most GPUs of a preset. */
  static final Range TILES = new Range("--tiles", 1, 4096,
      "one point task per tile per operation; eos:256, the largest preset, has 2048 GPUs");

  /**
   * The largest problem size of each sample. The samples compute real numbers in the JVM's heap, so
   * the bound keeps the biggest array within 2^24 doubles (128 MiB), all of a sample's arrays within
   * about a third of the default heap, and one iteration within about a minute on one core (the
   * measurements behind each bound: BENCHMARKS.md, "Figures once kept in the code's comments" and
   * "Limits that hold on the default heap"). Sizes are the sample's own unit
   * (the matrix order for jacobi, the grid side for cfd and swe, the vector length for s3d and
   * stencil, the feature count for mlp, whose batch is four times larger; the grid side for the
   * ported cavity and heat). The iterations and tiles are bounded by the heap apart ({@link RunBudget}).
   */
  static final Map<String, Integer> MAX_SIZE = Map.of(
      "jacobi", 4096,
      "cfd", 2048,
      "swe", 2048,
      "s3d", 1 << 21,
      "mlp", 256,
      "stencil", 1 << 24,
      "cavity", 1024, // 50 Poisson sweeps a step over size^2 points
      "heat", 2048);
  /** The smallest size with an interior to update (cfd and swe's stencils need three rows). */
  static final int MIN_SIZE = 4;

  /** The range of {@code --size} for {@code sample}. */
  static Range size(String sample) {
    return new Range("--size", MIN_SIZE, MAX_SIZE.getOrDefault(sample, 4096),
        "larger " + sample + " arrays outgrow the heap or an iteration takes minutes");
  }
}
