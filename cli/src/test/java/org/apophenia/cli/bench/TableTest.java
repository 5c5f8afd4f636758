package org.apophenia.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rendering of benchmark tables: the same cells as text, Markdown, CSV and JSON. */
class TableTest {
  private final Table t = Table.builder("t", "A title", "name", "ms", "count")
      .row("short", 1.23456, 7L)
      .row("a, \"quoted\" one", 12345.6, 1234567)
      .row("missing", Double.NaN, null)
      .build();

  @Test
  void textAlignsColumnsAndRightAlignsNumbersAndMissingNumbers() {
    String expected = """
        A title
        name             ms      count
        ---------------  ------  ---------
        short              1.23          7
        a, "quoted" one  12,346  1,234,567
        missing               —          —
        """;
    assertEquals(expected, t.text());
  }

  @Test
  void numbersAreFormattedToAboutThreeSignificantDigits() {
    assertEquals("0.012", Table.format(0.0123));
    assertEquals("5.00e-04", Table.format(0.0005));
    assertEquals("1.50", Table.format(1.5));
    assertEquals("15.0", Table.format(15.0));
    assertEquals("150", Table.format(150.0));
    assertEquals("0", Table.format(0.0));
    assertEquals("—", Table.format(Double.POSITIVE_INFINITY));
    assertEquals("1,000", Table.format(1000L));
    assertEquals("text", Table.format("text"));
  }

  @Test
  void markdownRightAlignsOnlyColumnsWhoseCellsAreAllNumbers() {
    String expected = """
        | name | ms | count |
        |---|---|---:|
        | short | 1.23 | 7 |
        | a, "quoted" one | 12,346 | 1,234,567 |
        | missing | — | — |
        """;
    // ms holds a NaN (a Double): still numeric; the first column is text
    assertEquals(expected.replace("|---|---|---:|", "|---|---:|---:|"), t.markdown());
  }

  @Test
  void markdownEscapesPipes() {
    Table p = Table.builder("p", "P", "a|b").row("x|y").build();
    assertEquals("| a\\|b |\n|---|\n| x\\|y |\n", p.markdown());
  }

  @Test
  void csvIsExactAndQuotesPerRfc4180() {
    String expected = "name,ms,count\r\n"
        + "short,1.23456,7\r\n"
        + "\"a, \"\"quoted\"\" one\",12345.6,1234567\r\n"
        + "missing,,\r\n";
    assertEquals(expected, t.csv());
  }

  @Test
  void jsonKeepsExactNumbersAndTurnsNonFiniteIntoNull() {
    Map<String, Object> j = t.json();
    assertEquals("t", j.get("name"));
    assertEquals(List.of("name", "ms", "count"), j.get("columns"));
    @SuppressWarnings("unchecked")
    List<List<Object>> rows = (List<List<Object>>) j.get("rows");
    assertEquals(1.23456, rows.get(0).get(1));
    assertNull(rows.get(2).get(1));
  }

  @Test
  void aRowOfTheWrongLengthIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> Table.builder("x", "X", "a", "b").row(1).build());
  }
}
