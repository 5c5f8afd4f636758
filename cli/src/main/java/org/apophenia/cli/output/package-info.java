/**
 * Where a command's results go, and how they get there whole: {@link org.apophenia.cli.output.FileSet}
 * (a set of files written to temporary names in the target directory and put in place at once, with a
 * {@link org.apophenia.cli.output.Manifest} naming them), {@link org.apophenia.cli.output.SpillFile}
 * (per-operation records kept on disk while a command runs, gone on every exit path),
 * {@link org.apophenia.cli.output.CheckedStream} (standard output and error whose failed writes are
 * errors) and {@link org.apophenia.cli.output.OutputFailure}, the one-line error a failed write becomes.
 *
 * <p>Public: {@code FileSet}, {@code Manifest}, {@code SpillFile}, {@code CheckedStream},
 * {@code OutputFailure}, {@code OwnerTag} (the commands, the report writers and the bench and figure
 * writers use them).
 */
package org.apophenia.cli.output;
