package org.apophenia.cli.bench;

/**
 * One group of {@code apophenia bench}: measures one claim and returns tables. A group
 * never throws for a row that cannot run; it reports the row as skipped, with the reason.
 */
public interface BenchGroup {
  /** 1 to 7, the position in README's table of groups. */
  int number();

  /** Short name for {@code --only} and file names, e.g. {@code mining}. */
  String id();

  /** One line: what is measured. */
  String title();

  /** Runs the measurement; {@code settings} says how long it may take and where progress goes. */
  GroupResult run(BenchSettings settings);
}
