package org.apophenia.cli.figures;

import java.util.List;
import java.util.Map;

/**
 * The problem sizes of the figures. The paper sweeps three sizes per application ("-s", "-m", "-l",
 * §6.1) to vary the task granularity; here a size is a number of points per GPU (per array), the same
 * for every sample: 2^22, 2^24 and 2^26 (small, medium, large: a factor of 4 between sizes; an array of
 * the large size is 512 MiB of doubles, so tens of them fit an A100's 40 GB). The sample itself runs a
 * small proxy problem (the operation stream and dependences of the real one, with real data), and the
 * machine is scaled so that each proxy point costs what {@code points per GPU / proxy points per tile}
 * points would ({@link org.apophenia.sim.machine.ProblemScale}). The sizes were set once as this sweep,
 * not adjusted to the figures' outcome. Stateless.
 */
final class ProblemSizes {
  static final List<String> LABELS = List.of("small", "medium", "large");
  private static final Map<String, Long> POINTS_PER_GPU = Map.of("small", 1L << 22, "medium", 1L << 24,
      "large", 1L << 26);

  private ProblemSizes() {}

  static long pointsPerGpu(String label) {
    Long p = POINTS_PER_GPU.get(label);
    if (p == null) {
      throw new IllegalArgumentException("unknown size " + label + " (known: " + LABELS + ")");
    }
    return p;
  }

  /**
   * The proxy's size argument for weak scaling on {@code nodes} nodes (4 tiles per node): a fixed proxy
   * per node, grown with the machine (by {@code nodes} for the 1-D s3d, by about {@code sqrt(nodes)} per
   * side for the 2-D grids of cfd and swe). The arrays are cut into row blocks, one per tile, so a 2-D
   * grid's row count is rounded to a multiple of the tiles: with uneven blocks the largest tile, not the
   * mean, would set the time of every launch, and the imbalance would change from one node count to
   * the next (a property of the proxy, not of the machine).
   */
  static int weakProxySize(String sample, int nodes) {
    int tiles = 4 * nodes;
    long rowsPerTile = Math.max(1, Math.round(32 * Math.sqrt(nodes) / tiles));
    return switch (sample) {
      case "s3d" -> 1024 * nodes;
      case "cfd" -> (int) (tiles * rowsPerTile); // ny = n rows
      case "swe" -> (int) (tiles * rowsPerTile) - 2; // n + 2 rows
      default -> throw new IllegalArgumentException("no weak-scaling proxy for " + sample);
    };
  }

  /** Points of one array's tile in the proxy of {@code sample} at size {@code size} over {@code tiles} tiles. */
  static double proxyPointsPerTile(String sample, int size, int tiles) {
    double points = switch (sample) {
      case "s3d" -> size; // one 1-D array per species
      case "cfd" -> (double) size * (size + 2); // ny x (nx + 2)
      case "swe" -> (double) (size + 2) * (size + 2);
      case "mlp" -> 4.0 * size * size; // the batch: 4n x n
      default -> throw new IllegalArgumentException("no proxy size for " + sample);
    };
    return points / tiles;
  }

  /** The problem scale that makes a proxy tile stand for {@code pointsPerGpu} points (at least 1). */
  static double scale(long pointsPerGpu, String sample, int size, int tiles) {
    return Math.max(1, pointsPerGpu / proxyPointsPerTile(sample, size, tiles));
  }
}
