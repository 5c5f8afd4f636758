package org.apophenia.cli.streams;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apophenia.autotrace.Traceability;

/**
 * Reads a task-stream file line by line and hands each operation to a consumer, without holding the
 * stream in memory. Malformed lines raise {@link MalformedStreamException} naming file, line number
 * and reason. One instance per file; not thread-safe.
 */
public final class StreamReader {
  /**
   * Strict JSON: a line holds exactly one object (text after it, such as a second object, is an
   * error rather than silently dropped) and a key appears once (no "last one wins").
   */
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
  /**
   * Compiled once: {@code String.split("\\s+")} compiles its pattern on every line, a third of the
   * parsing time and much of the garbage that pushes the parsed operations out of the cache before
   * they are issued.
   */
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");
  private static final Map<String, Traceability> KINDS = Map.of(
      "traceable", Traceability.TRACEABLE, "noop", Traceability.NO_OP,
      "untraceable", Traceability.UNTRACEABLE);

  private final Path file;
  private final StreamFormat format;
  private final boolean skipMalformed;
  private static final int KEPT_SKIPPED = 100;
  private final List<MalformedStreamException> skipped = new ArrayList<>();
  private long skippedCount;
  /** Keys of the names and canonical arguments seen (see {@link StreamOp}). */
  private final ArgKeys keys = new ArgKeys();
  /**
   * StarPU arguments as written ({@code handle:mode}) that were already checked, with their canonical
   * form and key: a capture repeats the same few, so most are a lookup.
   */
  private final HashMap<String, Arg> starpuArgs = new HashMap<>();

  /** A checked argument: canonical text and its key. */
  private record Arg(String canonical, long key) {}

  /** A strict reader: the first malformed line raises {@link MalformedStreamException}. */
  public StreamReader(Path file, StreamFormat format) {
    this(file, format, false);
  }

  /**
   * A reader that, with {@code skipMalformed}, drops malformed lines and remembers them
   * ({@link #skipped()}) instead of failing: for captures whose lines were interleaved by concurrent
   * writers.
   */
  public StreamReader(Path file, StreamFormat format, boolean skipMalformed) {
    this.file = file;
    this.format = format;
    this.skipMalformed = skipMalformed;
  }

  /** The first {@value #KEPT_SKIPPED} malformed lines skipped so far, in order (memory stays bounded). */
  public List<MalformedStreamException> skipped() {
    return List.copyOf(skipped);
  }

  /** How many malformed lines were skipped so far. */
  public long skippedCount() {
    return skippedCount;
  }

  private void skip(MalformedStreamException e) {
    if (skipped.size() < KEPT_SKIPPED) {
      skipped.add(e);
    }
    skippedCount++;
  }

  /** The format a file name suggests: {@code .jsonl} or {@code .json} is JSONL, anything else StarPU. */
  public static StreamFormat guess(Path file) {
    String n = file.getFileName().toString();
    return n.endsWith(".jsonl") || n.endsWith(".json") ? StreamFormat.JSONL : StreamFormat.STARPU;
  }

  /**
   * Parses every operation in order; returns how many there were. The file is read by
   * {@link TextInput}: a line that is not UTF-8 or holds a NUL byte is malformed like any other.
   */
  public long forEach(Consumer<StreamOp> action) {
    long[] ops = {0};
    Consumer<MalformedStreamException> onMalformed = skipMalformed ? this::skip : null;
    TextInput.forEachLine(file, (line, s) -> {
      String t = s.strip();
      if (t.isEmpty() || t.startsWith("#")) {
        return;
      }
      StreamOp op;
      try {
        op = format == StreamFormat.STARPU ? starpu(t, line) : jsonl(t, line);
      } catch (MalformedStreamException e) {
        if (!skipMalformed) {
          throw e;
        }
        skip(e);
        return;
      }
      action.accept(op);
      ops[0]++;
    }, onMalformed);
    return ops[0];
  }

  private StreamOp starpu(String t, long line) {
    String[] parts = WHITESPACE.split(t);
    String name = parts[0];
    List<String> args = new ArrayList<>(parts.length - 1);
    long[] k = new long[parts.length];
    k[0] = keys.cached(name);
    for (int i = 1; i < parts.length; i++) {
      Arg a = starpuArgs.get(parts[i]);
      if (a == null) {
        a = starpuArg(parts[i], i, line);
        if (starpuArgs.size() >= ArgKeys.MAX_ENTRIES) {
          starpuArgs.clear();
        }
        starpuArgs.put(parts[i], a);
      }
      args.add(a.canonical());
      k[i] = a.key();
    }
    return new StreamOp(name, List.copyOf(args), Traceability.TRACEABLE, k);
  }

  /** Checks one StarPU argument as written and returns its canonical form ({@code handle:mode}). */
  private Arg starpuArg(String p, int i, long line) {
    int colon = p.lastIndexOf(':');
    if (colon <= 0 || colon == p.length() - 1) {
      throw new MalformedStreamException(file, line,
          "argument '" + p + "' is not <handle>:<access-mode>");
    }
    String mode = p.substring(colon + 1);
    int m;
    try {
      m = Integer.parseInt(mode);
    } catch (NumberFormatException e) {
      throw new MalformedStreamException(file, line,
          "access mode '" + mode + "' of argument " + i + " is not an integer");
    }
    if (m <= 0 || m > 0xffff) {
      throw new MalformedStreamException(file, line, "access mode " + m + " of argument " + i
          + " is not a StarPU access mode (1=R 2=W 3=RW 4=SCRATCH 8=REDUX 16=COMMUTE)");
    }
    String canonical = p.substring(0, colon) + ":" + m;
    return new Arg(canonical, keys.cached(canonical));
  }

  private StreamOp jsonl(String t, long line) {
    JsonNode o;
    try {
      o = JSON.readTree(t);
    } catch (JsonProcessingException e) {
      String why = e.getOriginalMessage();
      if (why != null && why.startsWith("Trailing token")) {
        why = "text after the object (one object per line)";
      }
      throw new MalformedStreamException(file, line, "not valid JSON: " + why);
    }
    if (o == null || !o.isObject()) {
      throw new MalformedStreamException(file, line, "expected a JSON object");
    }
    JsonNode task = o.get("task");
    if (task == null || !task.isTextual()) {
      throw new MalformedStreamException(file, line, "\"task\" must be a string");
    }
    Traceability kind = Traceability.TRACEABLE;
    JsonNode k = o.get("kind");
    if (k != null) {
      kind = k.isTextual() ? KINDS.get(k.asText()) : null;
      if (kind == null) {
        throw new MalformedStreamException(file, line,
            "\"kind\" must be \"traceable\", \"noop\" or \"untraceable\", got " + k);
      }
    }
    JsonNode argsNode = o.get("args");
    List<String> args = new ArrayList<>();
    if (argsNode == null && kind != Traceability.TRACEABLE) {
      return op(task.asText(), args, kind);
    }
    if (argsNode == null || !argsNode.isArray()) {
      throw new MalformedStreamException(file, line, "\"args\" must be an array");
    }
    for (int i = 0; i < argsNode.size(); i++) {
      JsonNode a = argsNode.get(i);
      JsonNode data = a.get("data");
      JsonNode mode = a.get("mode");
      if (!a.isObject() || data == null || !data.isTextual() || mode == null || !mode.isTextual()) {
        throw new MalformedStreamException(file, line,
            "args[" + i + "] must be an object with string \"data\" and string \"mode\"");
      }
      StringBuilder b = new StringBuilder(data.asText()).append(':').append(mode.asText());
      for (String extra : new String[] {"fields", "redop", "projection"}) {
        JsonNode x = a.get(extra);
        if (x != null) {
          b.append(':').append(extra).append('=').append(x);
        }
      }
      args.add(b.toString());
    }
    return op(task.asText(), args, kind);
  }

  /** An operation with its keys from the cache. */
  private StreamOp op(String name, List<String> args, Traceability kind) {
    long[] k = new long[args.size() + 1];
    k[0] = keys.cached(name);
    for (int i = 0; i < args.size(); i++) {
      k[i + 1] = keys.cached(args.get(i));
    }
    return new StreamOp(name, List.copyOf(args), kind, k);
  }
}
