package org.apophenia.cli;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The command line's arguments as the user typed them, strictly: every argument is UTF-8, every
 * number is written with ASCII digits, every path can be named in the locale.
 *
 * <p>The JVM decodes the arguments with the locale's character set and replaces what it cannot
 * decode (invalid UTF-8, or any non-ASCII byte in the C locale) with U+FFFD or {@code ?}, silently:
 * {@code repeats --text} would mine replacement characters. {@link #fromProcess} reads the bytes the
 * operating system holds ({@code /proc/self/cmdline} on Linux), refuses an argument that is not UTF-8
 * with its byte offset, and returns the arguments decoded as UTF-8 (the same strings in a UTF-8
 * locale; the right ones in another). Where the bytes cannot be read, or do not line up with the
 * JVM's arguments, the JVM's strings are used as they are.
 */
final class Arguments {
  private Arguments() {}

  /**
   * {@code args} as the bytes the process was given, decoded as UTF-8; throws {@link UserError}
   * naming the first argument that is not UTF-8.
   */
  static String[] fromProcess(String[] args) {
    byte[] cmdline;
    try {
      cmdline = Files.readAllBytes(Path.of("/proc/self/cmdline"));
    } catch (IOException | RuntimeException e) {
      return args;
    }
    List<byte[]> all = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < cmdline.length; i++) {
      if (cmdline[i] == 0) {
        all.add(java.util.Arrays.copyOfRange(cmdline, start, i));
        start = i + 1;
      }
    }
    if (all.size() < args.length) {
      return args;
    }
    List<byte[]> raw = all.subList(all.size() - args.length, all.size());
    String[] decoded = new String[args.length];
    boolean utf8Locale = "UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding"));
    for (int i = 0; i < args.length; i++) {
      byte[] b = raw.get(i);
      if (!lineUp(b, args[i], utf8Locale)) {
        return args; // not the bytes of these arguments (an embedding launcher): trust the JVM's
      }
    }
    for (int i = 0; i < args.length; i++) {
      decoded[i] = decode(raw.get(i), i, args);
    }
    return decoded;
  }

  /** Whether {@code bytes} can be the argument the JVM decoded as {@code arg}. */
  private static boolean lineUp(byte[] bytes, String arg, boolean utf8Locale) {
    boolean ascii = true;
    for (byte x : bytes) {
      ascii &= x >= 0;
    }
    if (ascii) {
      return new String(bytes, StandardCharsets.US_ASCII).equals(arg);
    }
    if (utf8Locale) {
      // valid UTF-8 decodes to the JVM's string; invalid, the JVM replaced some of it with U+FFFD
      String lenient = new String(bytes, StandardCharsets.UTF_8);
      return lenient.equals(arg) || (lenient.indexOf('\uFFFD') >= 0 && arg.indexOf('\uFFFD') >= 0);
    }
    return true; // another locale: the JVM's string says little about the bytes
  }

  private static String decode(byte[] b, int index, String[] args) {
    CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(b);
    CharBuffer out = CharBuffer.allocate(b.length);
    CoderResult r = d.decode(in, out, true);
    if (r.isError()) {
      int at = in.position();
      String flag = index > 0 && args[index - 1].startsWith("-") && !args[index].startsWith("-")
          ? " (the value of " + args[index - 1] + ")" : "";
      throw new UserError(String.format("argument %d%s is not UTF-8: byte 0x%02X at byte offset %d of it",
          index + 1, flag, b[at] & 0xff, at));
    }
    d.flush(out);
    out.flip();
    return out.toString();
  }

  /** An {@code int} written with ASCII digits ({@link Integer#parseInt} also takes {@code ١٦}). */
  static final class Int implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      asciiDigits(value, "an int");
      try {
        return Integer.valueOf(value);
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + value + "' is not an int");
      }
    }
  }

  /** A {@code long} written with ASCII digits. */
  static final class Long implements ITypeConverter<java.lang.Long> {
    @Override
    public java.lang.Long convert(String value) {
      asciiDigits(value, "a long");
      try {
        return java.lang.Long.valueOf(value);
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + value + "' is not a long");
      }
    }
  }

  /** A path the locale can name; an empty one stays empty (the commands name it as such). */
  static final class PathArg implements ITypeConverter<Path> {
    @Override
    public Path convert(String value) {
      return path(value);
    }
  }

  /** {@link Path#of}, or a {@link TypeConversionException} saying why the locale cannot name it. */
  static Path path(String value) {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      String charset = System.getProperty("sun.jnu.encoding", "the locale's");
      throw new TypeConversionException("'" + value + "' cannot be a file name here: the locale's character set ("
          + charset + ") has no bytes for " + (e.getIndex() >= 0 && e.getIndex() < value.length()
              ? "'" + value.charAt(e.getIndex()) + "' at character " + (e.getIndex() + 1) : "some of its characters")
          + "; run in a UTF-8 locale (e.g. LC_ALL=C.UTF-8)");
    }
  }

  /** Refuses a number written with non-ASCII digits (Arabic-Indic, Devanagari, full-width...). */
  private static void asciiDigits(String value, String what) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isDigit(c) && (c < '0' || c > '9')) {
        throw new TypeConversionException("'" + value + "' is not " + what + ": the digit '" + c + "' at character "
            + (i + 1) + " is not ASCII (write numbers with 0-9)");
      }
    }
  }
}
