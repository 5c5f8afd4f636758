package org.apophenia.samples.streams;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apophenia.apophenia.Traceability;

/**
 * Reads a task-stream file line by line and hands each operation to a consumer, without holding the
 * stream in memory. Malformed lines raise {@link MalformedStreamException} naming file, line number
 * and reason. One instance per file; not thread-safe.
 */
public final class StreamReader {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, Traceability> KINDS = Map.of(
      "traceable", Traceability.TRACEABLE, "noop", Traceability.NO_OP,
      "untraceable", Traceability.UNTRACEABLE);

  private final Path file;
  private final StreamFormat format;
  private final boolean skipMalformed;
  private final List<MalformedStreamException> skipped = new ArrayList<>();

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

  /** The malformed lines skipped so far, in order. */
  public List<MalformedStreamException> skipped() {
    return List.copyOf(skipped);
  }

  /** The format a file name suggests: {@code .jsonl} or {@code .json} is JSONL, anything else StarPU. */
  public static StreamFormat guess(Path file) {
    String n = file.getFileName().toString();
    return n.endsWith(".jsonl") || n.endsWith(".json") ? StreamFormat.JSONL : StreamFormat.STARPU;
  }

  /** Parses every operation in order; returns how many there were. */
  public long forEach(Consumer<StreamOp> action) throws IOException {
    long line = 0;
    long ops = 0;
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String s;
      while ((s = in.readLine()) != null) {
        line++;
        String t = s.strip();
        if (t.isEmpty() || t.startsWith("#")) {
          continue;
        }
        StreamOp op;
        try {
          op = format == StreamFormat.STARPU ? starpu(t, line) : jsonl(t, line);
        } catch (MalformedStreamException e) {
          if (!skipMalformed) {
            throw e;
          }
          skipped.add(e);
          continue;
        }
        action.accept(op);
        ops++;
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return ops;
  }

  private StreamOp starpu(String t, long line) {
    String[] parts = t.split("\\s+");
    String name = parts[0];
    List<String> args = new ArrayList<>(parts.length - 1);
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i];
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
      args.add(p.substring(0, colon) + ":" + m);
    }
    return new StreamOp(name, args, Traceability.TRACEABLE);
  }

  private StreamOp jsonl(String t, long line) {
    JsonNode o;
    try {
      o = JSON.readTree(t);
    } catch (JsonProcessingException e) {
      throw new MalformedStreamException(file, line,
          "not valid JSON: " + e.getOriginalMessage());
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
      return new StreamOp(task.asText(), args, kind);
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
    return new StreamOp(task.asText(), args, kind);
  }
}
