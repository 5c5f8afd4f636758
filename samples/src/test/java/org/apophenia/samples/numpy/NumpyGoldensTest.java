package org.apophenia.samples.numpy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apophenia.legion.LegionRuntime;
import org.apophenia.samples.array.ArrayContext;
import org.apophenia.sim.machine.Presets;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every case of {@code numpy/goldens.json} (made by {@code tools/numpy/goldens.py} from NumPy) run
 * through the N-d library with 3 tiles: outputs equal bit for bit where the case says {@code exact},
 * within the stated ulps for libm functions, within {@code 4 k eps (|A| @ |B|)} for BLAS products;
 * NumPy's refusals are IllegalArgumentExceptions (or IndexOutOfBounds for indices) thrown before any
 * operation of the failing call is issued. Python is not needed.
 */
class NumpyGoldensTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestFactory
  Stream<DynamicTest> everyGoldenCaseMatchesNumpy() throws IOException {
    JsonNode root;
    try (InputStream in = getClass().getResourceAsStream("/numpy/goldens.json")) {
      root = JSON.readTree(in);
    }
    List<DynamicTest> tests = new ArrayList<>();
    for (JsonNode c : root.get("cases")) {
      tests.add(DynamicTest.dynamicTest(c.get("name").asText(), () -> run(c)));
    }
    return tests.stream();
  }

  static ArrayContext context() {
    return ArrayContext.untraced(new LegionRuntime(Presets.machine("workstation")), 3);
  }

  private static void run(JsonNode c) {
    Np np = Np.withExplicitRelease(context());
    List<Object> args = new ArrayList<>();
    for (JsonNode a : c.get("args")) {
      args.add(decode(np, a));
    }
    JsonNode p = c.get("params");
    String op = c.get("op").asText();
    if (c.has("error")) {
      long before = np.ctx.extension().opsIssued();
      assertThatThrownBy(() -> apply(np, op, args, p)).as(c.get("message").asText())
          .isInstanceOfAny(IllegalArgumentException.class, IndexOutOfBoundsException.class)
          .hasMessageContaining(op.contains(":") ? op.substring(op.indexOf(':') + 1).replace("true_divide", "")
              : opName(op));
      assertThat(np.ctx.extension().opsIssued() - before).as("operations issued before the refusal").isZero();
      return;
    }
    NpArray out = apply(np, op, args, p);
    JsonNode e = c.get("expected");
    assertThat(out.dtype().numpyName()).as("dtype").isEqualTo(e.get("dtype").asText());
    int[] shape = new int[e.get("shape").size()];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = e.get("shape").get(i).asInt();
    }
    assertThat(out.shape()).as("shape").isEqualTo(shape);
    long[] want = bits(e.get("bits"));
    long[] got = out.toBits();
    String tol = c.get("tol").asText();
    for (int i = 0; i < want.length; i++) {
      if (want[i] == got[i]) {
        continue;
      }
      if (out.dtype() != DType.FLOAT64) {
        fail("element " + i + ": expected " + want[i] + ", got " + got[i]);
      }
      double w = Double.longBitsToDouble(want[i]);
      double g = Double.longBitsToDouble(got[i]);
      if (Double.isNaN(w) && Double.isNaN(g)) {
        continue;
      }
      if (tol.startsWith("ulp:")) {
        long ulps = Math.abs(ordered(want[i]) - ordered(got[i]));
        assertThat(ulps).as("element " + i + ": expected " + w + ", got " + g).isLessThanOrEqualTo(
            Long.parseLong(tol.substring(4)));
      } else if (tol.equals("contract")) {
        double bound = 4 * Math.ulp(1.0) * contractScale(np, op, args, i);
        assertThat(Math.abs(w - g)).as("element " + i + ": expected " + w + ", got " + g).isLessThanOrEqualTo(bound);
      } else {
        fail("element " + i + ": expected " + w + " (" + Long.toHexString(want[i]) + "), got " + g + " ("
            + Long.toHexString(got[i]) + ")");
      }
    }
  }

  private static String opName(String op) {
    return switch (op) {
      case "getitem", "setitem" -> "item";
      default -> op;
    };
  }

  /** Sum over the contracted dimension of |a||b| (times its length) for element i of a product; for norm, sum x^2. */
  private static double contractScale(Np np, String op, List<Object> args, int i) {
    NpArray a = (NpArray) args.get(0);
    if (op.equals("norm")) {
      double s = 0;
      for (double x : a.toDoubles()) {
        s += x * x;
      }
      return Math.sqrt(s) * a.size();
    }
    NpArray b = (NpArray) args.get(1);
    NpArray prod = np.matmul(np.unary(UnaryUfunc.ABSOLUTE, a), np.unary(UnaryUfunc.ABSOLUTE, b));
    int k = a.shape()[a.ndim() - 1];
    return prod.toDoubles()[i] * k;
  }

  private static long ordered(long bits) {
    return bits < 0 ? Long.MIN_VALUE - bits : bits;
  }

  private static long[] bits(JsonNode hex) {
    long[] out = new long[hex.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Long.parseUnsignedLong(hex.get(i).asText(), 16);
    }
    return out;
  }

  private static Object decode(Np np, JsonNode a) {
    if (a.has("scalar")) {
      String v = a.get("value").asText();
      return switch (a.get("scalar").asText()) {
        case "float64" -> Double.parseDouble(v);
        case "bool" -> v.equals("True");
        default -> Long.parseLong(v);
      };
    }
    int[] shape = new int[a.get("shape").size()];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = a.get("shape").get(i).asInt();
    }
    DType t = switch (a.get("dtype").asText()) {
      case "float64" -> DType.FLOAT64;
      case "int64" -> DType.INT64;
      default -> DType.BOOL;
    };
    return np.fromBits(bits(a.get("bits")), t, shape);
  }

  private static Integer axis(JsonNode p) {
    return p.get("axis").isNull() ? null : p.get("axis").asInt();
  }

  private static NpArray arg(List<Object> args, int i) {
    return (NpArray) args.get(i);
  }

  static NpArray apply(Np np, String op, List<Object> args, JsonNode p) {
    if (op.startsWith("binary:")) {
      String f = op.substring(7);
      return np.binary(Arrays.stream(BinaryUfunc.values()).filter(u -> u.numpyName().equals(f)).findFirst()
          .orElseThrow(), args.get(0), args.get(1));
    }
    if (op.startsWith("unary:")) {
      String f = op.substring(6);
      return np.unary(Arrays.stream(UnaryUfunc.values()).filter(u -> u.numpyName().equals(f)).findFirst()
          .orElseThrow(), arg(args, 0));
    }
    if (op.startsWith("reduce:")) {
      String f = op.substring(7);
      Reduction r = Arrays.stream(Reduction.values()).filter(u -> u.numpyName().equals(f)).findFirst().orElseThrow();
      return np.reduce(r, arg(args, 0), axis(p), p.get("keepdims").asBoolean());
    }
    return switch (op) {
      case "power_scalar" -> np.power(arg(args, 0), p.get("exponent").asDouble());
      case "astype" -> arg(args, 0).astype(switch (p.get("dtype").asText()) {
        case "float64" -> DType.FLOAT64;
        case "int64" -> DType.INT64;
        default -> DType.BOOL;
      });
      case "cumsum" -> np.cumsum(arg(args, 0), axis(p));
      case "where" -> np.where(args.get(0), args.get(1), args.get(2));
      case "clip" -> np.clip(args.get(0), args.get(1), args.get(2));
      case "getitem" -> arg(args, 0).at(p.get("subscript").asText());
      case "setitem" -> {
        NpArray a = arg(args, 0);
        Object v = args.get(1);
        if (v instanceof NpArray x) {
          a.set(p.get("subscript").asText(), x);
        } else {
          a.set(p.get("subscript").asText(), (Double) v);
        }
        yield a;
      }
      case "setitem_self" -> {
        NpArray a = arg(args, 0);
        a.set(p.get("subscript").asText(), a.at(p.get("source").asText()));
        yield a;
      }
      case "reshape" -> arg(args, 0).reshape(ints(p.get("shape")));
      case "reshape_view" -> arg(args, 0).at(p.get("subscript").asText()).reshape(ints(p.get("shape")));
      case "transpose" -> arg(args, 0).T();
      case "concatenate" -> np.concatenate(arrays(args), p.get("axis").asInt());
      case "stack" -> np.stack(arrays(args), p.get("axis").asInt());
      case "roll" -> np.roll(arg(args, 0), p.get("shift").asInt(), axis(p));
      case "matmul" -> np.matmul(arg(args, 0), arg(args, 1));
      case "dot" -> np.dot(arg(args, 0), arg(args, 1));
      case "norm" -> np.norm(arg(args, 0));
      case "linspace" -> np.linspace(p.get("start").asDouble(), p.get("stop").asDouble(), p.get("num").asInt());
      case "arange" -> np.arange(p.get("n").asInt());
      default -> throw new AssertionError("unknown golden op " + op);
    };
  }

  private static int[] ints(JsonNode n) {
    int[] out = new int[n.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = n.get(i).asInt();
    }
    return out;
  }

  private static List<NpArray> arrays(List<Object> args) {
    List<NpArray> out = new ArrayList<>();
    for (Object o : args) {
      out.add((NpArray) o);
    }
    return out;
  }
}
