package org.apophenia.samples.apps;

/** Problem sizes small enough for unit tests on two cores. */
final class SmallSizes {
  private SmallSizes() {}

  static int of(String sample) {
    return switch (sample) {
      case "jacobi" -> 24;
      case "cfd" -> 12;
      case "swe" -> 12;
      case "s3d" -> 8;
      case "mlp" -> 8;
      case "stencil" -> 24;
      default -> 8;
    };
  }
}
