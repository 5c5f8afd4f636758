package org.apophenia.cli.streams;

/**
 * The parser of one captured-stream format: turns one line of a stream file into the operation it
 * describes. {@link StreamReader} does everything the formats share (reading the file as
 * {@link TextInput} does, skipping blank lines and {@code #} comments, {@code --skip-malformed}); a
 * parser sees only the lines that must be operations. A format is one implementation and one entry
 * of {@link StreamFormat}, which creates a parser per file.
 *
 * <p>Contract: {@link #parse} returns the line's operation, built with the keys of an
 * {@link ArgKeys} the parser owns ({@link ArgKeys#op}), or throws {@link MalformedStreamException}
 * naming the file, the line number it was given and the reason; it never returns null and throws
 * nothing else. One instance per file, so a parser may cache what it has already checked; not
 * thread-safe.
 */
public interface StreamParser {
  /**
   * The operation on line {@code line} (1-based) of the file.
   *
   * @param text the line, stripped of surrounding white space; never empty, never a comment
   * @throws MalformedStreamException if the line does not follow the format
   */
  StreamOp parse(String text, long line);
}
