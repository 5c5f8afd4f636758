package org.apophenia.cli.streams;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Map;

/**
 * Numbers of the JSON the command line reads must be finite: Jackson reads {@code 1e400} as
 * Infinity, the same as {@code 1e401}, so two different values would become one (one token in a
 * task stream) and a file written back would hold {@code Infinity}, which is not JSON. The check
 * walks the parsed value (cheap: no text); only when it finds one does it read the text again for
 * the number's line and column. Stateless.
 */
public final class JsonNumbers {
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonNumbers() {}

  /** Whether {@code value} (a tree, or what Jackson maps JSON to: maps, lists, numbers) holds a non-finite number. */
  public static boolean hasNonFinite(Object value) {
    if (value instanceof JsonNode n) {
      if (n.isFloatingPointNumber()) {
        return !Double.isFinite(n.doubleValue());
      }
      for (JsonNode c : n) {
        if (hasNonFinite(c)) {
          return true;
        }
      }
      return false;
    }
    if (value instanceof Double d) {
      return !Double.isFinite(d);
    }
    if (value instanceof Float f) {
      return !Float.isFinite(f);
    }
    if (value instanceof Map<?, ?> m) {
      return m.values().stream().anyMatch(JsonNumbers::hasNonFinite);
    }
    if (value instanceof Iterable<?> it) {
      for (Object o : it) {
        if (hasNonFinite(o)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Where in {@code text} its first non-finite number is, and what it is: {@code the number 1e400 at
   * line 3, column 17 is not finite (...)}; {@code withLine} false leaves the line out (one-line
   * JSONL, whose line the caller names).
   */
  public static String describeFirst(String text, boolean withLine) {
    try (JsonParser p = FACTORY.createParser(text)) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t == JsonToken.VALUE_NUMBER_FLOAT && !Double.isFinite(p.getDoubleValue())) {
          JsonLocation loc = p.currentTokenLocation();
          String s = p.getText();
          return "the number " + (s.length() <= 40 ? s : s.substring(0, 37) + "...") + " at "
              + (withLine ? "line " + loc.getLineNr() + ", " : "") + "column " + loc.getColumnNr()
              + " is not finite (beyond a double's range, about 1.8e308)";
        }
      }
    } catch (IOException e) {
      // the text was parsed once already: cannot happen; say it without a place
    }
    return "a number is not finite (beyond a double's range, about 1.8e308)";
  }
}
