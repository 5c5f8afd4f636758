package org.apophenia.cli.streams;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apophenia.autotrace.TokenHasher;
import org.apophenia.autotrace.Traceability;

/**
 * One operation of a captured task stream: the task's name, its data arguments in a canonical text
 * form ({@code identity:mode[:extra...]}, the parts that affect dependence analysis), and how
 * Apophenia must treat it.
 *
 * <p>Each string also has a 64-bit key, the {@link TokenHasher} of its characters alone, computed
 * when the operation is built: {@link StreamTokenizer} folds these keys, so hashing an operation on
 * the application thread costs a few multiplies instead of a pass over ~60 characters. A key depends
 * only on its string, never on the stream it came from, so equal operations get equal tokens in
 * every stream. The format's {@link StreamParser} computes each distinct string's key once (see
 * {@link ArgKeys}); that cost is parsing's. Immutable; equality is that of name, arguments and kind.
 */
public final class StreamOp {
  private final String name;
  private final List<String> args;
  private final Traceability kind;
  /** The name's key, then each argument's, in order. */
  final long[] keys;

  /**
   * An operation; the keys are computed here.
   *
   * @param name codelet or task name
   * @param args canonical argument strings, in argument order
   * @param kind traceable, no-op or untraceable
   */
  public StreamOp(String name, List<String> args, Traceability kind) {
    this(name, List.copyOf(args), kind, keysOf(name, args));
  }

  /** An operation whose keys the caller computed with {@link ArgKeys#key}; takes ownership of both. */
  StreamOp(String name, List<String> args, Traceability kind, long[] keys) {
    this.name = Objects.requireNonNull(name, "name");
    this.args = args;
    this.kind = Objects.requireNonNull(kind, "kind");
    this.keys = keys;
  }

  private static long[] keysOf(String name, List<String> args) {
    long[] k = new long[args.size() + 1];
    k[0] = ArgKeys.key(name);
    for (int i = 0; i < args.size(); i++) {
      k[i + 1] = ArgKeys.key(args.get(i));
    }
    return k;
  }

  /** Codelet or task name. */
  public String name() {
    return name;
  }

  /** Canonical argument strings, in argument order (unmodifiable). */
  public List<String> args() {
    return args;
  }

  /** Traceable, no-op or untraceable. */
  public Traceability kind() {
    return kind;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StreamOp s && name.equals(s.name) && args.equals(s.args) && kind == s.kind;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, args, kind);
  }

  @Override
  public String toString() {
    return "StreamOp[name=" + name + ", args=" + args + ", kind=" + kind + "]";
  }

  /** For tests: the keys, a copy. */
  long[] keys() {
    return Arrays.copyOf(keys, keys.length);
  }
}
