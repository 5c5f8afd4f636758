package org.apophenia.cli;

import java.util.List;
import org.apophenia.autotrace.Knob;
import org.apophenia.autotrace.Knobs;

/**
 * README's table of Apophenia's knobs ("Tuning Apophenia"), generated from the registry
 * ({@link Knobs}): each knob's flags (the first the one {@code --help} shows, then its aliases and
 * Legion's {@code -lg:auto_trace:} spelling), our default, Legion's value and what it trades. The
 * README holds the table between {@link #BEGIN} and {@link #END}; a test checks that it is this one,
 * so a new knob or spelling cannot leave the README behind.
 */
final class KnobTable {
  static final String BEGIN = "<!-- knobs: generated from the registry (Knobs) by cli's KnobTable; KnobTableTest checks it -->";
  static final String END = "<!-- /knobs -->";

  private KnobTable() {}

  /** The Markdown table, one row per knob in the registry's order. */
  static String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("| knob | flags | default | Legion | what it trades |\n");
    b.append("|---|---|---|---|---|\n");
    for (Knob<?> k : Knobs.all()) {
      b.append(row(k));
    }
    return b.toString();
  }

  private static <T> String row(Knob<T> k) {
    List<String> flags = k.spellings().stream().map(s -> "`" + s + "`").toList();
    return "| `" + k.name() + "` | " + (flags.isEmpty() ? "—" : String.join(", ", flags)) + " | " + show(k, k.defaultValue())
        + " | " + show(k, k.legionValue()) + " | " + (k.trades().isEmpty() ? k.help() : k.trades()) + " |\n";
  }

  private static <T> String show(Knob<T> k, T value) {
    if (value instanceof Boolean on) {
      return on ? "on" : "off";
    }
    return k.show(value);
  }

  /** {@code readme} with its table replaced by the registry's; the text between the markers only. */
  static String regenerate(String readme) {
    int from = readme.indexOf(BEGIN);
    int to = readme.indexOf(END);
    if (from < 0 || to < from) {
      throw new IllegalArgumentException("README has no " + BEGIN + " ... " + END + " section");
    }
    return readme.substring(0, from + BEGIN.length()) + "\n" + markdown() + readme.substring(to);
  }
}
