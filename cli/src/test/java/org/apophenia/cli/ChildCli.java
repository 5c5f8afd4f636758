package org.apophenia.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The command line in a child JVM, for what only a process shows: its real standard streams (a full
 * disk, a closed descriptor), its arguments as bytes, its locale, its heap, and signals. Every child
 * is waited for with a time limit and destroyed if it overruns.
 */
final class ChildCli {
  private ChildCli() {}

  /** The outcome of one child run. */
  record Run(int exitCode, String out, String err) {}

  /** {@code java JVM_ARGS -cp (this test class path) Main ARGS}, as a command vector. */
  static List<String> command(List<String> jvmArgs, List<String> args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-XX:TieredStopAtLevel=1"); // a short-lived child: start fast
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(args);
    return cmd;
  }

  /** Runs {@code command} with {@code env} added, standard output to {@code stdout} (null: captured). */
  static Run run(List<String> command, Map<String, String> env, File stdout) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().putAll(env);
    if (stdout != null) {
      pb.redirectOutput(stdout);
    }
    File err = File.createTempFile("apophenia-child", ".err");
    File out = stdout == null ? File.createTempFile("apophenia-child", ".out") : null;
    try {
      pb.redirectError(err);
      if (out != null) {
        pb.redirectOutput(out);
      }
      Process p = pb.start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        throw new AssertionError("the child ran over two minutes: " + command);
      }
      return new Run(p.exitValue(), out == null ? "" : java.nio.file.Files.readString(out.toPath(), StandardCharsets.UTF_8),
          java.nio.file.Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      err.delete();
      if (out != null) {
        out.delete();
      }
    }
  }

  /** Runs the command line with {@code jvmArgs} and {@code args}, output captured. */
  static Run cli(List<String> jvmArgs, String... args) throws IOException, InterruptedException {
    return run(command(jvmArgs, List.of(args)), Map.of(), null);
  }

  /** A shell command line quoting {@code words} (for what only a shell can do: close a descriptor). */
  static String shell(List<String> words) {
    StringBuilder b = new StringBuilder();
    for (String w : words) {
      b.append(b.length() == 0 ? "" : " ").append('\'').append(w.replace("'", "'\\''")).append('\'');
    }
    return b.toString();
  }
}
