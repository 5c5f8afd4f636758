package org.apophenia.legion.api;

import org.apophenia.legion.error.FieldException;

/**
 * An inline mapping (Legion thesis §2.7): the application's direct view of a region's data, ready when
 * returned. Valid until the next call to the runtime; not thread-safe.
 */
public final class InlineRegion {
  private final RegionRequirement requirement;
  private final Accessor[] accessors;

  public InlineRegion(RegionRequirement requirement, Accessor[] accessors) {
    this.requirement = requirement;
    this.accessors = accessors;
  }

  /** The accessor for field f; FieldException if f was not requested. */
  public Accessor accessor(Field f) {
    Accessor a = f.id() < accessors.length ? accessors[f.id()] : null;
    if (a == null) {
      throw new FieldException("inline mapping of " + requirement.region() + " did not request field '" + f.name()
          + "'");
    }
    return a;
  }
}
