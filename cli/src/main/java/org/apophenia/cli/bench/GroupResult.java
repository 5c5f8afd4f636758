package org.apophenia.cli.bench;

import java.util.List;

/**
 * What one benchmark group measured: its tables, its plots, notes (skipped rows, caveats) and one
 * sentence that compares the figures with the paper's. Immutable.
 */
public record GroupResult(List<Table> tables, List<Plot> plots, List<String> notes, String comparison) {
  public GroupResult {
    tables = List.copyOf(tables);
    plots = List.copyOf(plots);
    notes = List.copyOf(notes);
  }
}
