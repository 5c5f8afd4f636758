package org.apophenia.cli.streams;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The captured-stream formats {@code analyze} reads, the one registry: each entry is a format's key
 * (what {@code --format} takes), its title, the file-name endings that select it when
 * {@code --format} is not given, and the {@link StreamParser} that reads its lines. The flag's
 * accepted values, its error message, its help and the default for a file are all derived from
 * here, so a new format is its parser and one entry (docs/ARCHITECTURE.md, "Where to add things").
 */
public enum StreamFormat {
  /** {@code starpu-capture v1}, {@link StarpuParser}: {@code <codelet> [<handle>:<mode>]...}. */
  STARPU("starpu", "starpu-capture v1", List.of(), StarpuParser::new),
  /** One JSON object per line, {@link JsonlParser}: {@code {"task": "gemv", "args": [...], "kind": ...}}. */
  JSONL("jsonl", "JSONL", List.of(".jsonl", ".json"), JsonlParser::new);

  /**
   * The format of a file whose name has none of the formats' endings: the capture library's, whose
   * files have any name ({@code .txt} by habit).
   */
  private static final StreamFormat OTHERWISE = STARPU;

  private final String key;
  private final String title;
  private final List<String> endings;
  private final Function<Path, StreamParser> parsers;

  StreamFormat(String key, String title, List<String> endings, Function<Path, StreamParser> parsers) {
    this.key = key;
    this.title = title;
    this.endings = endings;
    this.parsers = parsers;
  }

  /** The name {@code --format} takes, e.g. {@code starpu}. */
  public String key() {
    return key;
  }

  /** A new parser for the lines of {@code file} (one per file: it may cache what it has checked). */
  public StreamParser parser(Path file) {
    return parsers.apply(file);
  }

  /** The format called {@code key} (see {@link #key()}), or null. */
  public static StreamFormat byKey(String key) {
    for (StreamFormat f : values()) {
      if (f.key.equals(key)) {
        return f;
      }
    }
    return null;
  }

  /**
   * The format a file's name suggests: the first format one of whose endings the name has, in any
   * case ({@code .jsonl}, {@code .JSONL} or {@code .json}: JSONL), else StarPU.
   */
  public static StreamFormat forFile(Path file) {
    Path name = file.getFileName();
    if (name == null) {
      return OTHERWISE; // an empty path or a root: TextInput names the problem when it opens it
    }
    String n = name.toString().toLowerCase(java.util.Locale.ROOT);
    for (StreamFormat f : values()) {
      for (String e : f.endings) {
        if (n.endsWith(e)) {
          return f;
        }
      }
    }
    return OTHERWISE;
  }

  /** The keys {@code --format} accepts, in words: {@code starpu or jsonl}. */
  public static String keysInWords() {
    List<String> keys = new ArrayList<>();
    for (StreamFormat f : values()) {
      keys.add(f.key);
    }
    return inWords(keys);
  }

  /** The formats' titles, in words: {@code starpu-capture v1 or JSONL}. */
  public static String titlesInWords() {
    List<String> titles = new ArrayList<>();
    for (StreamFormat f : values()) {
      titles.add(f.title);
    }
    return inWords(titles);
  }

  /** How {@link #forFile} decides, in words: {@code jsonl for *.jsonl/*.json files, else starpu}. */
  public static String defaultInWords() {
    List<String> rules = new ArrayList<>();
    for (StreamFormat f : values()) {
      if (!f.endings.isEmpty()) {
        rules.add(f.key + " for *" + String.join("/*", f.endings) + " files (any case)");
      }
    }
    rules.add("else " + OTHERWISE.key);
    return String.join(", ", rules);
  }

  /** {@code a}, {@code a or b}, {@code a, b or c}. */
  private static String inWords(List<String> items) {
    int n = items.size();
    return n == 1 ? items.get(0) : String.join(", ", items.subList(0, n - 1)) + " or " + items.get(n - 1);
  }
}
