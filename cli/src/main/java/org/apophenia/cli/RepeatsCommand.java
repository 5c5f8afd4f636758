package org.apophenia.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apophenia.cli.streams.InputException;
import org.apophenia.cli.streams.MalformedStreamException;
import org.apophenia.cli.streams.TextInput;
import org.apophenia.suffix.Repeat;
import org.apophenia.suffix.RepeatFinder;
import org.apophenia.suffix.RepeatSet;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code apophenia repeats}: the non-overlapping repeats (Algorithm 2) of a string or a token file.
 *
 * <p>Contract: {@code --text} makes each character a token; {@code --tokens FILE} makes each
 * non-empty line not starting with {@code #} a token. {@code --json} prints one object
 * {@code {"length": n, "covered": c, "repeats": [{"length": L, "starts": [...], "text": "..."}]}}
 * ({@code text} only with {@code --text}).
 */
@Command(
    name = "repeats",
    mixinStandardHelpOptions = true,
    description = "Print the non-overlapping repeated substrings of a token string (Apophenia, Algorithm 2).")
final class RepeatsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--min-length", paramLabel = "N", defaultValue = "1",
      description = "Shortest repeat to report, at least 1 (default: ${DEFAULT-VALUE}).")
  int minLength;

  @Option(names = "--max-length", paramLabel = "N",
      description = "Longest repeat to report; longer repeats are split into pieces (default: none).")
  Integer maxLength;

  @Option(names = "--json", description = "Print one JSON object instead of a table.")
  boolean json;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Input input;

  static final class Input {
    @Option(names = "--text", paramLabel = "STRING", description = "Each character is a token (no default: give --text or --tokens).")
    String text;

    @Option(names = "--tokens", paramLabel = "FILE",
        description = "Each non-empty line not starting with '#' is a token (no default: give --text or --tokens).")
    Path tokens;
  }

  /** Names of the tokens read from {@code --tokens}, by token id. */
  private List<String> tokenNames;

  @Override
  public Integer call() {
    if (minLength < 1) {
      throw new ParameterException(spec.commandLine(), "--min-length must be at least 1, got " + minLength);
    }
    Limits.REPEAT_MIN_LENGTH.check(minLength);
    Limits.REPEAT_MAX_LENGTH.check(maxLength);
    if (maxLength != null && maxLength < minLength) {
      throw new ParameterException(spec.commandLine(),
          "--max-length " + maxLength + " is below --min-length " + minLength);
    }
    int[] tokens = input.text != null ? input.text.codePoints().toArray() : readTokens(input.tokens);
    RepeatFinder finder = maxLength == null
        ? RepeatFinder.withMinLength(minLength)
        : RepeatFinder.of(minLength, maxLength);
    RepeatSet result = finder.find(tokens);
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      printJson(out, result, tokens);
    } else {
      printTable(out, result, tokens);
    }
    return 0;
  }

  /**
   * Reads a token file through {@link TextInput}: one token per non-empty line not starting with '#';
   * equal lines, equal tokens.
   */
  private int[] readTokens(Path file) {
    Map<String, Integer> ids = new LinkedHashMap<>();
    tokenNames = new ArrayList<>();
    IntArrayList tokens = new IntArrayList();
    try {
      TextInput.forEachLine(file, (n, line) -> {
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("#")) {
          return;
        }
        Integer id = ids.get(t);
        if (id == null) {
          id = ids.size();
          ids.put(t, id);
          tokenNames.add(t);
        }
        tokens.add(id.intValue());
      }, null);
    } catch (InputException | MalformedStreamException e) {
      throw new ParameterException(spec.commandLine(), "--tokens: " + e.getMessage());
    }
    return tokens.toIntArray();
  }

  private void printJson(PrintWriter out, RepeatSet result, int[] tokens) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("length", result.inputLength());
    root.put("covered", result.covered());
    List<Map<String, Object>> repeats = new ArrayList<>();
    for (Repeat r : result.repeats()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("length", r.length());
      o.put("starts", r.starts());
      if (input.text != null) {
        o.put("text", text(tokens, r));
      }
      repeats.add(o);
    }
    root.put("repeats", repeats);
    try {
      ObjectMapper mapper = new ObjectMapper().disable(SerializationFeature.INDENT_OUTPUT)
          .configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
      out.println(mapper.writeValueAsString(root));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void printTable(PrintWriter out, RepeatSet result, int[] tokens) {
    out.printf("%d tokens, %d covered by %d repeats (%.1f%%)%n", result.inputLength(), result.covered(),
        result.repeats().size(), 100 * result.coverage());
    if (result.isEmpty()) {
      return;
    }
    out.printf("%8s  %5s  %-30s  %s%n", "length", "count", "starts", input.text != null ? "text" : "tokens");
    for (Repeat r : result.repeats()) {
      out.printf("%8d  %5d  %-30s  %s%n", r.length(), r.occurrences(), abbreviate(joinStarts(r), 30),
          abbreviate(input.text != null ? quote(text(tokens, r)) : tokenList(r, tokens), 60));
    }
  }

  private static String text(int[] codePoints, Repeat r) {
    return new String(codePoints, r.start(0), r.length());
  }

  private String tokenList(Repeat r, int[] tokens) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < r.length(); i++) {
      if (i > 0) {
        b.append(' ');
      }
      b.append(tokenNames.get(tokens[r.start(0) + i]));
    }
    return b.toString();
  }

  private static String joinStarts(Repeat r) {
    StringBuilder b = new StringBuilder();
    for (int s : r.starts()) {
      if (b.length() > 0) {
        b.append(',');
      }
      b.append(s);
    }
    return b.toString();
  }

  private static String quote(String s) {
    return '"' + s.replace("\n", "\\n").replace("\t", "\\t") + '"';
  }

  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 3) + "...";
  }
}
