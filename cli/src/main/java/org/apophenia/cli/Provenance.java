package org.apophenia.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apophenia.autotrace.ApopheniaSettings;
import org.apophenia.legion.cost.CostModel;

/**
 * What produced an output: the version (the Maven project version, filtered into
 * {@code version.properties}), the command, the effective value of every Apophenia knob with those
 * that differ from the defaults, and the cost model behind every simulated time with its parameters.
 * Every JSON output and every {@code --out} set of {@code run}, {@code analyze}, {@code demo},
 * {@code bench} and {@code figures} carries {@link #of} as {@code "provenance"} (a {@code provenance.json}
 * beside CSV and PNG files), and their text output starts with {@link #header}. Stateless.
 */
final class Provenance {
  private Provenance() {}

  private static final String VERSION = readVersion();

  private static String readVersion() {
    try (InputStream in = Provenance.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown (built without its version.properties)";
      }
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty("version", "");
      // run from sources that Maven did not filter (an IDE): say so rather than print the placeholder
      return v.isEmpty() || v.startsWith("${") ? "unknown (not built by Maven)" : v;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The Maven project version this CLI was built from. */
  static String version() {
    return VERSION;
  }

  /**
   * The provenance of one output of {@code command}. {@code settings}: the knobs Apophenia ran (or, in
   * a mode without it, would run) with; {@code apopheniaRan}: whether it did. {@code costModelName}
   * and {@code costModel}: the model behind the simulated times, or null where nothing was simulated.
   */
  static Map<String, Object> of(String command, ApopheniaSettings settings, boolean apopheniaRan,
      String costModelName, CostModel costModel) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("tool", "apophenia");
    m.put("version", VERSION);
    m.put("command", command);
    m.put("apopheniaRan", apopheniaRan);
    m.put("knobs", settings.echo());
    m.put("knobsChangedFromDefaults", changed(settings));
    if (costModel != null) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("name", costModelName);
      c.put("parameters", new ObjectMapper().convertValue(costModel, Map.class));
      c.put("description", costModel.describe());
      m.put("costModel", c);
    } else {
      m.put("costModel", null);
      m.put("costModelReason", "nothing simulated: " + command + " runs no simulated machine");
    }
    return m;
  }

  /** The knobs whose value differs from {@link ApopheniaSettings#defaults()}, by name, with their values. */
  static Map<String, Object> changed(ApopheniaSettings settings) {
    Map<String, Object> now = settings.echo();
    Map<String, Object> def = ApopheniaSettings.defaults().echo();
    Map<String, Object> m = new LinkedHashMap<>();
    now.forEach((k, v) -> {
      if (!java.util.Objects.equals(v, def.get(k))) {
        m.put(k, v);
      }
    });
    return m;
  }

  /**
   * One line for the top of a text output: {@code apophenia 0.1.0 run; knobs: the defaults; cost
   * model legion (...)}.
   */
  @SuppressWarnings("unchecked")
  static String header(Map<String, Object> p) {
    Map<String, Object> changed = (Map<String, Object>) p.get("knobsChangedFromDefaults");
    List<String> parts = new ArrayList<>();
    changed.forEach((k, v) -> parts.add(k + " " + v));
    String knobs = parts.isEmpty() ? "the defaults" : "the defaults but " + String.join(", ", parts);
    if (!(Boolean) p.get("apopheniaRan")) {
      knobs += " (Apophenia not used in this mode)";
    }
    Map<String, Object> c = (Map<String, Object>) p.get("costModel");
    return "apophenia " + p.get("version") + " " + p.get("command") + "; knobs: " + knobs + "; cost model "
        + (c == null ? "none (" + p.get("costModelReason") + ")" : c.get("description"));
  }
}
