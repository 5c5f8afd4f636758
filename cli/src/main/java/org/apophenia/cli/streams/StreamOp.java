package org.apophenia.cli.streams;

import java.util.List;
import org.apophenia.apophenia.Traceability;

/**
 * One operation of a captured task stream: the task's name, its data arguments in a canonical text
 * form ({@code identity:mode[:extra...]}, the parts that affect dependence analysis), and how
 * Apophenia must treat it.
 *
 * @param name codelet or task name
 * @param args canonical argument strings, in argument order
 * @param kind traceable, no-op or untraceable
 */
public record StreamOp(String name, List<String> args, Traceability kind) {
  public StreamOp {
    args = List.copyOf(args);
  }
}
