package org.apophenia.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apophenia.samples.ports.NpProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's "Write your own program" as a new user follows it: the example is taken from the README's
 * own text, compiled with the JDK's compiler against the library, and run by {@code run --class} in
 * every mode; and each mistake the section lists is one line with exit code 2.
 */
class ReadmeProgramTest {
  @TempDir Path dir;

  /** The first {@code java} block after the heading. */
  static String readmeExample() throws Exception {
    String readme = Files.readString(Path.of(System.getProperty("apophenia.root"), "README.md"));
    int at = readme.indexOf("## Write your own program");
    assertThat(at).as("README has the section").isNotNegative();
    Matcher m = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(readme);
    assertThat(m.find(at)).as("a java block in the section").isTrue();
    return m.group(1);
  }

  /** Compiles {@code source} (class {@code com.example.NAME}) into a directory of classes. */
  static Path compile(Path dir, String name, String source) throws Exception {
    Path src = dir.resolve("src/com/example/" + name + ".java");
    Files.createDirectories(src.getParent());
    Files.writeString(src, source);
    Path classes = dir.resolve("classes");
    Files.createDirectories(classes);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String library = Path.of(NpProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    StringWriter diagnostics = new StringWriter();
    int rc = javac.run(null, null, new java.io.PrintStream(new java.io.ByteArrayOutputStream()) {
      @Override
      public void write(byte[] b, int off, int len) {
        diagnostics.write(new String(b, off, len, java.nio.charset.StandardCharsets.UTF_8));
      }
    }, "-cp", library, "-d", classes.toString(), src.toString());
    assertThat(rc).as("javac: " + diagnostics).isZero();
    return classes;
  }

  static CliRun run(Path classes, String name, String... more) {
    List<String> args = new ArrayList<>(List.of("run", "--class", "com.example." + name, "--classpath",
        classes.toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  @Test
  void theReadmesExampleCompilesAndRunsInEveryModeWithEqualChecksums() throws Exception {
    String source = readmeExample();
    assertThat(source.lines().count()).as("about 20 lines").isLessThan(35);
    Path classes = compile(dir, "PowerIteration", source);
    String checksum = null;
    for (String mode : new String[] {"none", "manual", "auto"}) {
      CliRun r = run(classes, "PowerIteration", "--mode", mode, "--iterations", "40", "--size", "16", "--json");
      assertThat(r.exitCode()).as(mode + ": " + r.err()).isZero();
      JsonNode j = new ObjectMapper().readTree(r.out());
      assertThat(j.get("sample").asText()).isEqualTo("PowerIteration");
      assertThat(j.get("check").asText()).startsWith("largest eigenvalue ");
      if (checksum == null) {
        checksum = j.get("checksum").asText();
      }
      assertThat(j.get("checksum").asText()).as(mode + ": bit-identical results").isEqualTo(checksum);
      if (!mode.equals("none")) {
        assertThat(j.get("coverage").asDouble()).as(mode + " traces most of the loop").isGreaterThan(0.5);
        assertThat(j.get("replayedOps").asLong()).as(mode).isPositive();
      }
    }
    // the same classes from a jar
    Path jar = dir.resolve("power.jar");
    try (java.util.jar.JarOutputStream j = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
      j.putNextEntry(new java.util.jar.JarEntry("com/example/PowerIteration.class"));
      j.write(Files.readAllBytes(classes.resolve("com/example/PowerIteration.class")));
      j.closeEntry();
    }
    CliRun fromJar = CliRun.of("run", "--class", "com.example.PowerIteration", "--classpath", jar.toString(),
        "--iterations", "40", "--size", "16", "--json");
    assertThat(fromJar.exitCode()).as(fromJar.err()).isZero();
    assertThat(new ObjectMapper().readTree(fromJar.out()).get("checksum").asText()).isEqualTo(checksum);
    Path out = dir.resolve("out");
    CliRun withOut = run(classes, "PowerIteration", "--iterations", "20", "--size", "16", "--out", out.toString());
    assertThat(withOut.exitCode()).as(withOut.err()).isZero();
    for (String f : SampleRunSupport.RUN_FILES) {
      assertThat(out.resolve(f)).as("--out writes " + f + " for a program of one's own").isRegularFile();
    }
  }

  @Test
  void mistakesAreOneLineWithExitCode2() throws Exception {
    Path classes = compile(dir, "PowerIteration", readmeExample());
    assertOneLine(run(classes, "Missing"), "--class com.example.Missing: no such class in --classpath");
    assertOneLine(CliRun.of("run", "--class", "java.lang.String"), "is not a program: it must extend");
    assertOneLine(CliRun.of("run", "--class", "com.example.PowerIteration", "--classpath",
        dir.resolve("nope.jar").toString()), "no such file or directory");
    assertOneLine(CliRun.of("run", "--class", "com.example.PowerIteration", "--classpath",
        dir.resolve("src/com/example/PowerIteration.java").toString()), "is not a jar");
    assertOneLine(CliRun.of("run", "jacobi", "--class", "com.example.PowerIteration"), "not both");
  }

  @Test
  void aProgramsOwnExceptionIsNamedAtItsOwnLine() throws Exception {
    String thrower = readmeExample().replace("PowerIteration", "Thrower")
        .replace("v = w.div(np.norm(w));", "v = w.div(np.norm(w)); if (k == 3) { throw new IllegalStateException(\"diverged at \" + k); }");
    Path classes = compile(dir, "Thrower", thrower);
    int line = 1 + (int) thrower.substring(0, thrower.indexOf("diverged")).lines().count() - 1;
    CliRun r = run(classes, "Thrower", "--iterations", "10", "--size", "8");
    assertOneLine(r, "com.example.Thrower threw IllegalStateException: diverged at 3 at com.example.Thrower.step(Thrower.java:"
        + line + ")");
  }

  @Test
  void handPlacedTracesThatDoNotRepeatSayWhereAndExit2() throws Exception {
    String wrong = readmeExample().replace("PowerIteration", "WrongPeriod")
        .replace("@Override protected List<NpArray> resultArrays()",
            "@Override public int manualTraceIterations() { return 1; }\n  @Override protected List<NpArray> resultArrays()");
    Path classes = compile(dir, "WrongPeriod", wrong);
    CliRun r = run(classes, "WrongPeriod", "--mode", "manual", "--iterations", "10", "--size", "8");
    assertOneLine(r, "operation 0 (matmul) of occurrence 2 of trace 0 differs from the trace's first occurrence");
    assertThat(r.err()).contains("manualTraceIterations()").doesNotContain("Exception");
    CliRun auto = run(classes, "WrongPeriod", "--mode", "auto", "--iterations", "10", "--size", "8");
    assertThat(auto.exitCode()).as("only the hand-placed annotation is wrong: " + auto.err()).isZero();
  }

  /**
   * A program that keeps each iteration's result as an array in a list is told so, naming its own
   * line, and the JSON counts it; the README's program, which keeps a double, is not.
   */
  @Test
  void arraysKeptInACollectionAreReportedAtTheirCreationSite() throws Exception {
    String leaky = readmeExample().replace("PowerIteration", "Leaky")
        .replace("private NpArray v;", "private NpArray v;\n  private final java.util.List<NpArray> hist = new java.util.ArrayList<>();")
        .replace("v = w.div(np.norm(w));", "v = w.div(np.norm(w));\n    hist.add(v.sum());");
    Path classes = compile(dir, "Leaky", leaky);
    int line = (int) leaky.substring(0, leaky.indexOf("hist.add(")).lines().count();
    CliRun r = run(classes, "Leaky", "--iterations", "30", "--size", "8", "--json");
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.get("lifetimeWarningCount").asInt()).isEqualTo(1);
    JsonNode w = j.get("lifetimeWarnings").get(0);
    assertThat(w.get("site").asText()).isEqualTo("com.example.Leaky.step(Leaky.java:" + line + ")");
    assertThat(w.get("arrays").asInt()).as("one a judged iteration").isEqualTo(15);
    assertThat(j.get("coverage").asDouble()).as("the mistake's cost: nothing repeats").isZero();
    assertThat(r.err()).contains("apophenia run: warning: 15 arrays made at com.example.Leaky.step(Leaky.java:" + line
        + ") in 15 of the last 15 iterations were still alive");
    CliRun fine = run(compile(dir.resolve("ok"), "PowerIteration", readmeExample()), "PowerIteration",
        "--iterations", "30", "--size", "8", "--json");
    assertThat(new ObjectMapper().readTree(fine.out()).get("lifetimeWarningCount").asInt()).isZero();
    assertThat(fine.err()).doesNotContain("warning");
  }

  static void assertOneLine(CliRun r, String expected) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).contains(expected);
    assertThat(r.err().strip().lines().count()).as("one line, no stack trace: " + r.err()).isEqualTo(1);
    assertThat(r.err()).doesNotContain("\tat ");
  }
}
