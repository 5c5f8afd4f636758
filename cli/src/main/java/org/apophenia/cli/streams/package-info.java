/**
 * Captured task streams, read for {@code apophenia analyze}: the formats
 * ({@link org.apophenia.cli.streams.StreamFormat}, the one registry, each entry a key, a title,
 * file-name endings and a {@link org.apophenia.cli.streams.StreamParser}), the reader that does what
 * every format shares ({@link org.apophenia.cli.streams.StreamReader} over
 * {@link org.apophenia.cli.streams.TextInput}: UTF-8, NUL bytes, line length, blank lines and
 * comments, {@code --skip-malformed}), the operation a line describes
 * ({@link org.apophenia.cli.streams.StreamOp}, its strings' keys computed once per parser by
 * {@code ArgKeys}) and Apophenia's {@code Tokenizer} for it
 * ({@link org.apophenia.cli.streams.StreamTokenizer}). A new format is a {@code StreamParser} and one
 * {@code StreamFormat} entry (docs/ARCHITECTURE.md, "Where to add things").
 *
 * <p><b>Public API</b>, for the commands: {@code StreamFormat}, {@code StreamReader},
 * {@code StreamOp}, {@code StreamTokenizer}, {@code TextInput} (every input file of the command line
 * is read through it) and the two errors, {@link org.apophenia.cli.streams.MalformedStreamException}
 * ({@code FILE:LINE: reason}) and {@link org.apophenia.cli.streams.InputException}. The parsers
 * ({@code StarpuParser}, {@code JsonlParser}) and {@code ArgKeys} are package-private.
 */
package org.apophenia.cli.streams;
