package org.apophenia.sim.machine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * What goes wrong while reading a machine file's JSON, said in this project's words: the JSON
 * reader's complaints without its character codes and class names, and numbers beyond a double's
 * range (which the reader turns into Infinity) named at their line and column. Stateless.
 */
final class JsonComplaints {
  private JsonComplaints() {}

  /**
   * The JSON reader's complaint in this project's words: what was found and what was expected, without
   * the reader's character codes and class names.
   */
  static String plainWords(String why) {
    if (why == null) {
      return "unreadable";
    }
    if (why.startsWith("Trailing token")) {
      return "text after the machine object (one machine per file)";
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("Unrecognized token '([^']*)'.*", java.util.regex.Pattern.DOTALL)
        .matcher(why);
    if (m.matches()) {
      return "'" + m.group(1) + "' is not a JSON value (a string in double quotes, a number, an object, an array, "
          + "true, false or null)";
    }
    m = java.util.regex.Pattern.compile("Duplicate field '([^']*)'.*", java.util.regex.Pattern.DOTALL).matcher(why);
    if (m.matches()) {
      return "the field '" + m.group(1) + "' appears twice";
    }
    if (why.startsWith("Unexpected end-of-input")) {
      return "the file ends inside an object or array";
    }
    m = java.util.regex.Pattern.compile("Unexpected character \\('(.*?)' \\(code \\d+\\)\\): (.*)", java.util.regex.Pattern.DOTALL)
        .matcher(why);
    if (m.matches()) {
      return "unexpected '" + m.group(1) + "': " + m.group(2).replace("was expecting", "expected").lines().findFirst().orElse("");
    }
    m = java.util.regex.Pattern.compile("Illegal (unquoted )?character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*",
        java.util.regex.Pattern.DOTALL).matcher(why);
    if (m.matches()) {
      return String.format("control character U+%04X %s", Integer.parseInt(m.group(2)),
          m.group(1) != null ? "inside a string (write it as an escape, \\\\u" + String.format("%04x", Integer.parseInt(m.group(2))) + ")"
              : "between values (only spaces, tabs and line ends may separate them)");
    }
    // anything else: the reader's first line, without a location it appends in brackets
    return why.lines().findFirst().orElse(why).replaceAll("\\s*\\(code \\d+\\)", "");
  }

  /** Whether the tree holds a number beyond a double's range ({@code 1e400} reads as Infinity). */
  static boolean hasNonFinite(JsonNode n) {
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

  /** The error for the first non-finite number of {@code text}, at its line and column. */
  static MachineFileException nonFinite(ObjectMapper json, String text) {
    try (JsonParser p = json.getFactory().createParser(text)) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t == JsonToken.VALUE_NUMBER_FLOAT && !Double.isFinite(p.getDoubleValue())) {
          var loc = p.currentTokenLocation();
          String number = p.getText();
          return new MachineFileException("line " + loc.getLineNr() + ", column " + loc.getColumnNr(), "the number "
              + (number.length() > 40 ? number.substring(0, 37) + "..." : number)
              + " is not finite (beyond a double's range, about 1.8e308)");
        }
      }
    } catch (IOException e) {
      // parsed once already: cannot happen
    }
    return new MachineFileException("$", "a number is not finite (beyond a double's range)");
  }
}
