package org.apophenia.cli.streams;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.regex.Pattern;
import org.apophenia.autotrace.Traceability;

/**
 * {@code starpu-capture v1} (cli/src/test/resources/starpu/README.md), what the capture library
 * writes: {@code <codelet> [<handle>:<mode>]...}, the mode StarPU's access mode as an integer. Every
 * operation is traceable; an argument's canonical form is {@code handle:mode} with the mode in
 * decimal ({@code 03} is {@code 3}).
 */
final class StarpuParser implements StreamParser {
  /**
   * Compiled once: {@code String.split("\\s+")} compiles its pattern on every line, a third of the
   * parsing time and much of the garbage that pushes the parsed operations out of the cache before
   * they are issued.
   */
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private final Path file;
  /** Keys of the names and canonical arguments seen (see {@link StreamOp}). */
  private final ArgKeys keys = new ArgKeys();
  /**
   * Arguments as written ({@code handle:mode}) that were already checked, with their canonical form
   * and key: a capture repeats the same few, so most are a lookup.
   */
  private final HashMap<String, Arg> checked = new HashMap<>();

  /** A checked argument: canonical text and its key. */
  private record Arg(String canonical, long key) {}

  StarpuParser(Path file) {
    this.file = file;
  }

  @Override
  public StreamOp parse(String t, long line) {
    String[] parts = WHITESPACE.split(t);
    String name = parts[0];
    List<String> args = new ArrayList<>(parts.length - 1);
    long[] k = new long[parts.length];
    k[0] = keys.cached(name);
    for (int i = 1; i < parts.length; i++) {
      Arg a = checked.get(parts[i]);
      if (a == null) {
        a = arg(parts[i], i, line);
        if (checked.size() >= ArgKeys.MAX_ENTRIES) {
          checked.clear();
        }
        checked.put(parts[i], a);
      }
      args.add(a.canonical());
      k[i] = a.key();
    }
    return new StreamOp(name, List.copyOf(args), Traceability.TRACEABLE, k);
  }

  /** Checks one argument as written and returns its canonical form ({@code handle:mode}). */
  private Arg arg(String p, int i, long line) {
    int colon = p.lastIndexOf(':');
    if (colon <= 0 || colon == p.length() - 1) {
      throw new MalformedStreamException(file, line,
          "argument '" + p + "' is not <handle>:<access-mode>");
    }
    String mode = p.substring(colon + 1);
    int m;
    try {
      m = Integer.parseInt(asciiInteger(mode));
    } catch (NumberFormatException e) {
      boolean otherDigits = mode.chars().anyMatch(c -> Character.isDigit(c) && (c < '0' || c > '9'));
      throw new MalformedStreamException(file, line, "access mode '" + mode + "' of argument " + i
          + " is not an integer" + (otherDigits ? " (digits are ASCII 0-9)" : ""));
    }
    if (m <= 0 || m > 0xffff) {
      throw new MalformedStreamException(file, line, "access mode " + m + " of argument " + i
          + " is not a StarPU access mode (1=R 2=W 3=RW 4=SCRATCH 8=REDUX 16=COMMUTE)");
    }
    String canonical = p.substring(0, colon) + ":" + m;
    return new Arg(canonical, keys.cached(canonical));
  }

  /**
   * {@code s} if it is a sign and ASCII digits; otherwise a {@link NumberFormatException}:
   * {@link Integer#parseInt} alone also reads {@code :١} (an Arabic-Indic one) as mode 1.
   */
  private static String asciiInteger(String s) {
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (!(c >= '0' && c <= '9') && !(k == 0 && (c == '-' || c == '+'))) {
        throw new NumberFormatException(s);
      }
    }
    return s;
  }
}
