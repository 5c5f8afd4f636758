package org.apophenia.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** The outcome of one in-process run of the command line. */
record CliRun(int exitCode, String out, String err) {
  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
    return new CliRun(code, out.toString(), err.toString());
  }
}
