package org.apophenia.cli.streams;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apophenia.autotrace.Traceability;

/**
 * One JSON object per line: {@code {"task": "gemv", "args": [{"data": "A", "mode": "R", "fields":
 * [0, 1], "redop": "+", "projection": 3}], "kind": "traceable"}}. {@code task} (string) and
 * {@code args} (array of objects with string {@code data} and string {@code mode}) are required;
 * {@code fields}, {@code redop} and {@code projection} are optional and enter the token (an
 * argument's canonical form is {@code data:mode[:fields=...][:redop=...][:projection=...]});
 * {@code kind} is {@code traceable} (default), {@code noop} or {@code untraceable}, and a no-op or
 * untraceable operation may omit {@code args}; any other member (tags, hints) is ignored.
 */
final class JsonlParser implements StreamParser {
  /**
   * Strict JSON: a line holds exactly one object (text after it, such as a second object, is an
   * error rather than silently dropped) and a key appears once (no "last one wins").
   */
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
  private static final Map<String, Traceability> KINDS = Map.of(
      "traceable", Traceability.TRACEABLE, "noop", Traceability.NO_OP,
      "untraceable", Traceability.UNTRACEABLE);

  private final Path file;
  /** Keys of the names and canonical arguments seen (see {@link StreamOp}). */
  private final ArgKeys keys = new ArgKeys();

  JsonlParser(Path file) {
    this.file = file;
  }

  @Override
  public StreamOp parse(String t, long line) {
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
    if (JsonNumbers.hasNonFinite(o)) { // 1e400 and 1e401 would both be Infinity: one token for two operations
      throw new MalformedStreamException(file, line, JsonNumbers.describeFirst(t, false));
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
      return keys.op(task.asText(), args, kind);
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
    return keys.op(task.asText(), args, kind);
  }
}
