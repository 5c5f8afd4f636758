package org.apophenia.samples.apps;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The sample applications by name; each call makes a fresh instance. Stateless. */
public final class Samples {
  private static final Map<String, Supplier<Sample>> ALL = new LinkedHashMap<>();

  static {
    ALL.put("jacobi", Jacobi::new);
    ALL.put("cfd", Cfd::new);
    ALL.put("swe", Swe::new);
    ALL.put("s3d", S3d::new);
    ALL.put("mlp", Mlp::new);
    ALL.put("stencil", Stencil::new);
    ALL.put("cavity", org.apophenia.samples.ports.Cavity::new);
    ALL.put("heat", org.apophenia.samples.ports.Heat::new);
  }

  private Samples() {}

  /** The samples' names, in the order {@code apophenia run --help} lists them. */
  public static List<String> names() {
    return List.copyOf(ALL.keySet());
  }

  /** A fresh instance of sample {@code name}; IllegalArgumentException naming the samples if unknown. */
  public static Sample create(String name) {
    Supplier<Sample> s = ALL.get(name);
    if (s == null) {
      throw new IllegalArgumentException("unknown sample '" + name + "' (known: " + String.join(", ", names()) + ")");
    }
    return s.get();
  }
}
