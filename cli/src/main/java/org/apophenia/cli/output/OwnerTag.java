package org.apophenia.cli.output;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The owner of a temporary file or directory, written into its name so that a later run can tell
 * whether the owner is still alive: {@code <pid>-<start>}, the process id and its start time in
 * milliseconds since the epoch (0 where the operating system does not say). A process id alone is
 * reused; together with the start time it names one process. A name whose owner is dead belongs to a
 * run that was killed (SIGKILL skips every clean-up), and only such names are ever removed by another
 * run. Immutable.
 *
 * @param pid the owner's process id
 * @param startMillis the owner's start time, or 0 if unknown
 */
public record OwnerTag(long pid, long startMillis) {
  private static final Pattern TAG = Pattern.compile("(\\d{1,19})-(\\d{1,19})");

  /** This process. */
  public static OwnerTag current() {
    ProcessHandle self = ProcessHandle.current();
    return new OwnerTag(self.pid(), self.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
  }

  /** {@code <pid>-<start>}, as names carry it. */
  @Override
  public String toString() {
    return pid + "-" + startMillis;
  }

  /**
   * The tag that follows {@code prefix} at the start of {@code name} (then {@code -} or the end), or
   * empty if {@code name} does not carry one there.
   */
  public static Optional<OwnerTag> parse(String name, String prefix) {
    if (!name.startsWith(prefix)) {
      return Optional.empty();
    }
    Matcher m = TAG.matcher(name);
    m.region(prefix.length(), name.length());
    if (!m.lookingAt() || (m.end() < name.length() && name.charAt(m.end()) != '-')) {
      return Optional.empty();
    }
    try {
      return Optional.of(new OwnerTag(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
    } catch (NumberFormatException e) {
      return Optional.empty(); // more than a long: not a name we wrote
    }
  }

  /**
   * Whether the owner may still run: a live process with this id whose start time is this one (or
   * unknown on either side). Errs on the side of alive: what a live run owns is never removed.
   */
  public boolean isAlive() {
    if (pid == ProcessHandle.current().pid()) {
      long mine = current().startMillis();
      return mine == 0 || startMillis == 0 || mine == startMillis;
    }
    Optional<ProcessHandle> h = ProcessHandle.of(pid);
    if (h.isEmpty() || !h.get().isAlive()) {
      return false;
    }
    long start = h.get().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    return start == 0 || startMillis == 0 || start == startMillis;
  }
}
