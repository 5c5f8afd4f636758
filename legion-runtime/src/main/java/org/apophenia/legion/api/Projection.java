package org.apophenia.legion.api;

/**
 * A projection functor of an index launch (Legion thesis §2.5.3): maps a point of the launch domain to
 * the color of the subregion that point's task uses. Must be a pure function. {@link #IDENTITY} takes
 * the point's first coordinate as the color.
 */
@FunctionalInterface
public interface Projection {
  Projection IDENTITY = p -> (int) p[0];

  /** The color for launch point {@code point}. */
  int color(long[] point);

  /** {@code color(p) + shift}, wrapping modulo {@code colors} (a halo neighbour, for instance). */
  static Projection shifted(int shift, int colors) {
    return p -> Math.floorMod((int) p[0] + shift, colors);
  }
}
