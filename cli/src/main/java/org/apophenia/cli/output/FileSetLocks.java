package org.apophenia.cli.output;

/** Commits and recoveries in this JVM one at a time: a file lock ({@link DirLock}) is per process, not per thread. */
final class FileSetLocks {
  static final Object COMMITS = new Object();

  private FileSetLocks() {}
}
