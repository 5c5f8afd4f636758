package org.apophenia.cli;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * What running out of heap becomes: one line saying how much heap the JVM had and what to change,
 * exit code 2, never a stack trace. The JVM's heap is fixed when it starts ({@code -Xmx}, by default a
 * quarter of the machine's memory), so the remedies are a larger {@code -Xmx} through
 * {@code JAVA_OPTS} (which {@code bin/apophenia} passes to {@code java}) or a smaller problem, named
 * per command. A little memory is set aside at start and released before the message is built, so
 * that building it does not run out too.
 */
final class OutOfMemory {
  /** Released when the heap runs out, so that the message can be built. */
  private static volatile byte[] reserve = new byte[64 << 10];

  private OutOfMemory() {}

  /** The line for {@code command} ({@code analyze}, {@code run}, ...; null if none was given). */
  static String message(String command) {
    reserve = null;
    long max = Runtime.getRuntime().maxMemory();
    long mib = max >> 20;
    boolean explicit = false;
    try {
      explicit = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
          .anyMatch(a -> a.startsWith("-Xmx") || a.startsWith("-XX:MaxHeapSize") || a.startsWith("-XX:MaxRAM"));
    } catch (RuntimeException | Error e) {
      // no management beans: say nothing about where the limit came from
    }
    long suggest = Math.max(512, Integer.highestOneBit((int) Math.min(1 << 30, Math.max(1, mib))) * 4L);
    String size = suggest % 1024 == 0 ? suggest / 1024 + "g" : suggest + "m";
    return String.format(Locale.ROOT, "out of memory: the Java heap holds at most %d MiB (%s); run with "
        + "JAVA_OPTS=-Xmx%s (bin/apophenia passes JAVA_OPTS to java)%s", mib,
        explicit ? "as -Xmx or JAVA_OPTS set it" : "the default, a quarter of this machine's memory", size,
        hint(command));
  }

  /** The flag of {@code command} that sizes what fills the heap. */
  private static String hint(String command) {
    if (command == null) {
      return "";
    }
    return switch (command) {
      case "analyze" -> " or lower --batch-size (each of up to 16 mining jobs copies the buffer and builds a "
          + "suffix array over it)";
      case "run" -> " or lower --iterations, --size or --tiles (the simulation keeps every event of the run)";
      case "bench" -> " or use --quick or --only";
      case "figures" -> " or use --quick or --jobs 1";
      case "repeats" -> " or give a shorter input";
      case "machines" -> " or give a smaller machine";
      default -> "";
    };
  }
}
