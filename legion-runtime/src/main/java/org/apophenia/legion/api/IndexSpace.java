package org.apophenia.legion.api;

import java.util.Objects;
import org.apophenia.legion.LegionRuntime;

/**
 * A named set of points: a dense {@link Rect} (Legion thesis §2.2.1). Created by
 * {@link LegionRuntime#createIndexSpace}; an immutable, thread-safe handle.
 *
 * @param id unique within its runtime
 * @param bounds the points
 */
public record IndexSpace(int id, Rect bounds) {
  public IndexSpace {
    Objects.requireNonNull(bounds, "bounds");
    if (bounds.isEmpty()) {
      throw new IllegalArgumentException("index space " + id + " would be empty: " + bounds);
    }
  }
}
