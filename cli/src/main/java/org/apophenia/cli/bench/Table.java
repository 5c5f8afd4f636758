package org.apophenia.cli.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One table of benchmark figures: a file name, a title, column names and rows of cells. Cells are
 * numbers (printed with three significant digits, exact in CSV and JSON), strings, or null (printed as
 * an em dash). Immutable once built; renders as aligned text, Markdown, CSV and a JSON-ready map.
 *
 * @param name the file stem under {@code --out} ({@code NAME.csv}); letters, digits and dashes
 * @param title one line saying what the rows are
 * @param columns column names, units included
 * @param rows cells, one list per row, each as long as {@code columns}
 */
public record Table(String name, String title, List<String> columns, List<List<Object>> rows) {
  public Table {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(title, "title");
    columns = List.copyOf(columns);
    List<List<Object>> copy = new ArrayList<>();
    for (List<Object> r : rows) {
      if (r.size() != columns.size()) {
        throw new IllegalArgumentException(name + ": a row has " + r.size() + " cells, the table "
            + columns.size() + " columns");
      }
      copy.add(Collections.unmodifiableList(new ArrayList<>(r)));
    }
    rows = Collections.unmodifiableList(copy);
  }

  /** A table to fill row by row. */
  public static Builder builder(String name, String title, String... columns) {
    return new Builder(name, title, List.of(columns));
  }

  /** The cell as shown in text and Markdown: numbers to three significant digits, null as "—". */
  public static String format(Object cell) {
    if (cell == null) {
      return "—";
    }
    if (cell instanceof Double || cell instanceof Float) {
      double v = ((Number) cell).doubleValue();
      if (Double.isNaN(v) || Double.isInfinite(v)) {
        return "—";
      }
      double a = Math.abs(v);
      if (a == 0) {
        return "0";
      }
      if (a >= 1e9 || a < 1e-3) {
        return String.format(Locale.ROOT, "%.2e", v);
      }
      if (a >= 100) {
        return String.format(Locale.ROOT, "%,.0f", v);
      }
      if (a >= 10) {
        return String.format(Locale.ROOT, "%.1f", v);
      }
      if (a >= 1) {
        return String.format(Locale.ROOT, "%.2f", v);
      }
      return String.format(Locale.ROOT, "%.3f", v);
    }
    if (cell instanceof Long || cell instanceof Integer) {
      return String.format(Locale.ROOT, "%,d", ((Number) cell).longValue());
    }
    return cell.toString();
  }

  /** Aligned text: the title, a header, a rule, the rows; numbers right-aligned. */
  public String text() {
    int n = columns.size();
    int[] width = new int[n];
    List<String[]> cells = new ArrayList<>();
    for (List<Object> r : rows) {
      String[] c = new String[n];
      for (int i = 0; i < n; i++) {
        c[i] = format(r.get(i));
      }
      cells.add(c);
    }
    for (int i = 0; i < n; i++) {
      width[i] = columns.get(i).length();
      for (String[] c : cells) {
        width[i] = Math.max(width[i], c[i].length());
      }
    }
    StringBuilder sb = new StringBuilder(title).append('\n');
    appendLine(sb, columns.toArray(String[]::new), width, new boolean[n]);
    String[] rule = new String[n];
    for (int i = 0; i < n; i++) {
      rule[i] = "-".repeat(width[i]);
    }
    appendLine(sb, rule, width, new boolean[n]);
    boolean[] numeric = new boolean[n];
    for (int i = 0; i < n; i++) {
      numeric[i] = numeric(i);
    }
    for (int k = 0; k < cells.size(); k++) {
      boolean[] right = new boolean[n];
      for (int i = 0; i < n; i++) {
        Object c = rows.get(k).get(i);
        right[i] = c instanceof Number || (c == null && numeric[i]);
      }
      appendLine(sb, cells.get(k), width, right);
    }
    return sb.toString();
  }

  private static void appendLine(StringBuilder sb, String[] cells, int[] width, boolean[] right) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        line.append("  ");
      }
      String pad = " ".repeat(width[i] - cells[i].length());
      line.append(right[i] ? pad + cells[i] : cells[i] + pad);
    }
    sb.append(line.toString().stripTrailing()).append('\n');
  }

  /** A GitHub Markdown table (without the title); numeric columns right-aligned. */
  public String markdown() {
    StringBuilder sb = new StringBuilder("|");
    for (String c : columns) {
      sb.append(' ').append(escapeMd(c)).append(" |");
    }
    sb.append("\n|");
    for (int i = 0; i < columns.size(); i++) {
      sb.append(numeric(i) ? "---:|" : "---|");
    }
    sb.append('\n');
    for (List<Object> r : rows) {
      sb.append('|');
      for (Object c : r) {
        sb.append(' ').append(escapeMd(format(c))).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private boolean numeric(int column) {
    boolean any = false;
    for (List<Object> r : rows) {
      Object c = r.get(column);
      if (c != null && !(c instanceof Number)) {
        return false;
      }
      any |= c != null;
    }
    return any;
  }

  private static String escapeMd(String s) {
    return s.replace("|", "\\|");
  }

  /** RFC 4180 CSV with a header line; numbers exact, null as an empty cell. */
  public String csv() {
    StringBuilder sb = new StringBuilder();
    csvLine(sb, new ArrayList<>(columns));
    for (List<Object> r : rows) {
      csvLine(sb, r);
    }
    return sb.toString();
  }

  private static void csvLine(StringBuilder sb, List<?> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      Object c = cells.get(i);
      String s = c == null ? "" : c instanceof Double d && (d.isNaN() || d.isInfinite()) ? "" : c.toString();
      if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
        s = '"' + s.replace("\"", "\"\"") + '"';
      }
      sb.append(s);
    }
    sb.append("\r\n");
  }

  /** {@code {name, title, columns, rows}} for Jackson; non-finite numbers become null. */
  public Map<String, Object> json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("title", title);
    m.put("columns", columns);
    List<List<Object>> rs = new ArrayList<>();
    for (List<Object> r : rows) {
      List<Object> out = new ArrayList<>();
      for (Object c : r) {
        out.add(c instanceof Double d && (d.isNaN() || d.isInfinite()) ? null : c);
      }
      rs.add(out);
    }
    m.put("rows", rs);
    return m;
  }

  /** Accumulates rows; {@link #build} makes the table. Not thread-safe. */
  public static final class Builder {
    private final String name;
    private final String title;
    private final List<String> columns;
    private final List<List<Object>> rows = new ArrayList<>();

    private Builder(String name, String title, List<String> columns) {
      this.name = name;
      this.title = title;
      this.columns = columns;
    }

    public Builder row(Object... cells) {
      rows.add(Arrays.asList(cells));
      return this;
    }

    public Table build() {
      return new Table(name, title, columns, rows);
    }
  }
}
