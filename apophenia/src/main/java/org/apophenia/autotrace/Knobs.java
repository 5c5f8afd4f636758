package org.apophenia.autotrace;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Apophenia's knobs, the one registry: each entry is a setting's name (the paper's, or Legion's
 * {@code -lg:auto_trace:*} flag's), type, default, Legion's value, the range a user may give it, its
 * command-line spellings and a line of help. The settings ({@link ApopheniaSettings}), their presets,
 * the command line's flags, {@code --help} and the settings' echo are all derived from here: a new
 * knob is one entry and the mechanism that reads it ({@code settings.get(Knobs.NEW_KNOB)}, read once
 * when the interceptor is built). The settings' rules that involve several knobs are in
 * {@link ApopheniaSettings.Builder#build}.
 *
 * <p>Legion's value is Legion's current setting (REFERENCES.md) where Legion has the knob, and off
 * for mechanisms Legion lacks. Our defaults respond within a few loop iterations without flooding the
 * tries; BENCHMARKS.md ("Trace quality", "Warm-up of 10 or less") has coverage and warm-up against
 * each knob on every stream and sample, and why the defaults are these.
 */
public final class Knobs {
  private Knobs() {}

  private static final List<Knob<?>> ALL = new ArrayList<>();

  private static <T> Knob.Definition<T> knob(String name, Class<T> type, T byDefault) {
    return new Knob.Definition<>(ALL, name, type, byDefault);
  }

  /** The most pending operations, hence the longest trace a user may ask for (see {@link #MAX_PENDING_OPS}). */
  private static final int PENDING_OPS = 100_000;

  private static final String PENDING_WHY = "the interceptor holds at most " + PENDING_OPS + " pending operations";

  /** The shortest trace, at least 1 (Legion: 5). */
  public static final Knob<Integer> MIN_TRACE_LENGTH = knob("minTraceLength", Integer.class, 5)
      .flag("--min-trace-length", "--min-length", "-lg:auto_trace:min_trace_length").range(1, PENDING_OPS, PENDING_WHY)
      .help("Shortest trace.")
      .trades("lower: short loops and loop pieces are traced, more candidates to watch and more small traces; "
          + "higher: fewer, longer traces, short loops stay untraced").define();

  /** The longest trace; longer repeats are split ({@link ApopheniaSettings#UNBOUNDED}: none). */
  public static final Knob<Integer> MAX_TRACE_LENGTH = knob("maxTraceLength", Integer.class, ApopheniaSettings.UNBOUNDED)
      .flag("--max-trace-length", "--max-length", "-lg:auto_trace:max_trace_length").range(1, PENDING_OPS, PENDING_WHY)
      .help("Longest trace.")
      .trades("lower: a long loop body is split into several traces (more launches, each replays sooner and "
          + "fewer operations wait in the pending queue); unbounded: one trace per body").define();

  /**
   * Tokens in the history buffer ({@code B}, Legion: 2000). A blocking wait breaks the stream (a
   * never-repeating token), so only a buffer that holds two stretches between breaks lets the miner
   * see repeats aligned with them; the ruler schedule starts with small windows whatever the buffer,
   * so a larger one does not delay short loops.
   */
  public static final Knob<Integer> BATCH_SIZE = knob("batchSize", Integer.class, 8192).legion(2000)
      .flag("--batch-size", "-lg:auto_trace:batchsize").range(2, 1 << 20,
          "each of up to 16 mining jobs copies the buffer and builds a suffix array over it, about 30 bytes a token")
      .help("History buffer size.")
      .trades("larger: longer loop bodies and stretches between waits are seen twice, more memory and mining "
          + "time per job; smaller: cheaper jobs, long loops missed (Legion's window W is a batch of 2W)").define();

  /** The ruler sampling unit ({@code s}, Legion: 100), at most {@link #BATCH_SIZE}: the shortest window mined. */
  public static final Knob<Integer> MULTI_SCALE_FACTOR = knob("multiScaleFactor", Integer.class, 16).legion(100)
      .flag("--multi-scale-factor", "-lg:auto_trace:multi_scale_factor").range(1, 1 << 20,
          "at most the largest --batch-size")
      .help("Ruler sampling unit.")
      .trades("smaller: short loops are found sooner, more (small) mining jobs; larger: fewer jobs, a "
          + "later first trace").define();

  /**
   * Untraced operations forwarded in a row that end the finder's back-off (see {@link BackOff}): once
   * the stream was covered, mining goes back to every window length only after this many, or after an
   * untraced operation whose token occurred before, within the history mined, and never went out
   * inside a trace (a recurring gap). At 1 (Legion's behaviour, and ours before) every untraced
   * operation does it, which on a noisy loop is every inserted task. Whenever it is reset above 1, the
   * windows skipped since the stream was last covered are mined after all, so a new phase is found
   * about as soon as at 1. Measured effects:
   * BENCHMARKS.md, "Noisy loops, third pass".
   */
  public static final Knob<Integer> BACK_OFF_RESET_RUN = knob("backOffResetRun", Integer.class, 16).legion(1)
      .flag("--back-off-reset-run").range(1, 1 << 20, "any run")
      .help("Untraced operations in a row after which mining resumes at every window length.")
      .trades("1: every untraced operation resumes it, on some noisy loops a little more coverage for "
          + "several times the mining; more: isolated noise does not (a recurring untraced task still "
          + "does, and a new phase's skipped windows are mined when its run comes), larger runs wait "
          + "longer for a new phase").define();

  /**
   * Launches of one long window length (over 512 tokens) skipped in a row at most once that length's
   * last results added nothing to watch: after
   * {@code r} such results, one launch in {@code min(2^r - 1, this) + 1} is mined ({@link StaleWindows}). On a
   * noisy loop the back-off is reset again and again, and the long windows, most of the mining work,
   * keep finding the loop's cached traces. While 512 or more operations in a row go out untraced (a new
   * phase), every length is mined (Legion: 0, mines every window). Measured effects: BENCHMARKS.md,
   * "Noisy loops, fifth pass".
   */
  public static final Knob<Integer> STALE_WINDOW_SKIPS = knob("staleWindowSkips", Integer.class, 8).legion(0)
      .flag("--stale-window-skips").range(0, 1 << 20, "any count")
      .help("Launches of a long window length skipped in a row at most once its results add nothing new (0: never).")
      .trades("more: less mining on noisy streams, a long loop of a new phase found later unless the phase "
          + "starts with a long untraced run; 0: every long window is mined").define();

  /** Non-overlapping visits after which a candidate becomes a trace (Legion: 10). */
  public static final Knob<Integer> VISIT_THRESHOLD = knob("visitThreshold", Integer.class, 3).legion(10)
      .flag("--visit-threshold", "-lg:auto_trace:visit_threshold")
      .range(1, 1_000_000, "a candidate seen a million times without promotion is never promoted in practice")
      .help("Visits before promotion.")
      .trades("lower: traces are recorded sooner (shorter warm-up), a repeat that will not recur is recorded "
          + "for nothing; higher: fewer wasted recordings, a longer warm-up").define();

  /**
   * The threshold while the stream is mostly untraced (see {@link #WARMUP_BY_COVERAGE}), at most
   * {@link #VISIT_THRESHOLD}.
   */
  public static final Knob<Integer> WARMUP_VISIT_THRESHOLD = knob("warmupVisitThreshold", Integer.class, 2).legion(10)
      .flag("--warmup-visit-threshold").range(1, 1_000_000, "at most the largest --visit-threshold")
      .help("Visits before promotion while no trace is known.")
      .trades("as --visit-threshold, while the stream is mostly untraced: lower gets the first traces "
          + "sooner").define();

  /**
   * Whether a candidate starts with the occurrences the mining found in its window as visits (else
   * with none, as in Legion): a loop is then promoted as soon as its window shows it, not after as
   * many more iterations.
   */
  public static final Knob<Boolean> COUNT_HISTORY_OCCURRENCES = knob("countHistoryOccurrences", Boolean.class, true)
      .legion(false)
      .flag("--count-history-occurrences")
      .help("Count the occurrences a mined window holds as a candidate's first visits.")
      .trades("on: a loop is promoted as soon as its window shows it; off: as many more iterations first "
          + "(Legion)").define();

  /**
   * Whether a mined repeat that is periodic (say {@code BBB'}) is replaced by its period {@code B},
   * which tiles the loop back to back (a period shorter than {@link #MIN_TRACE_LENGTH}, such as a run
   * of identical tasks, by the fewest whole periods that reach 32 tasks).
   */
  public static final Knob<Boolean> REDUCE_TO_PERIOD = knob("reduceToPeriod", Boolean.class, true).legion(false)
      .flag("--reduce-to-period")
      .help("Replace a periodic repeat by its period, which tiles the loop.")
      .trades("on: one trace per loop body, replayed back to back; off: traces of several bodies, recorded "
          + "later").define();

  /**
   * Whether a trace may be a prefix of another: a pointer then goes on past the shorter trace, and
   * the selection takes the longer match when it completes and the shorter one when it does not; a
   * trace whose earliest open match breaks is split into its dyadic pieces, which are prefixes of one
   * another; a repeat cut by its window's end is cached as its guessed continuation. Otherwise
   * Legion's no-prefix invariant holds and a longer promoted trace evicts the traces that are its
   * prefixes.
   */
  public static final Knob<Boolean> PREFIX_TRACES = knob("prefixTraces", Boolean.class, true).legion(false)
      .flag("--prefix-traces")
      .help("Let a trace be a prefix of another.")
      .trades("on: a broken trace falls back to its pieces and guesses are kept, more pointers per "
          + "operation; off: Legion's no-prefix rule").define();

  /** Mining jobs launched but not ingested; further windows are skipped. */
  public static final Knob<Integer> MAX_IN_FLIGHT_JOBS = knob("maxInFlightJobs", Integer.class, 16)
      .flag("--max-in-flight", "--max-in-flight-jobs", "-lg:auto_trace:turbo_lag")
      .range(1, 1024, "each job in flight holds a copy of its window")
      .help("Mining jobs in flight at most.")
      .trades("more: no window skipped while the mining thread lags, more memory; fewer: windows skipped "
          + "under load (Legion's turbo lag, 16)").define();

  /**
   * Operations between a mining job's launch and its ingestion point (the initial interval; Legion:
   * a fixed delay). A small window the mining thread has not finished by then is mined by the
   * application thread itself, so a short delay costs no wait, and it sets how soon a loop with few
   * operations per iteration is traced.
   */
  public static final Knob<Integer> INGESTION_DELAY = knob("ingestionDelay", Integer.class, 16).legion(64)
      .flag("--ingestion-delay")
      .range(1, 1 << 20, "a job ingested later than the largest buffer is full would describe a stale window")
      .help("Operations between a mining job's launch and its ingestion.")
      .trades("shorter: traces found sooner, the application thread may mine small jobs itself; longer: "
          + "the mining thread has more time").define();

  /**
   * Whether the interval doubles after an ingestion point at which some instance had to wait (paper
   * Section 5.1), up to {@code max(ingestionDelay, batchSize)}; decisions then depend on timing
   * across runs (not across replicas, which agree on every wait).
   */
  public static final Knob<Boolean> ADAPTIVE_WAIT = knob("adaptiveWait", Boolean.class, false)
      .flag("--adaptive-wait")
      .help("Double the ingestion delay after an ingestion point that had to wait.")
      .trades("on: fewer waits for a slow mining thread, but decisions then depend on timing across runs; "
          + "off: deterministic").define();

  /** How long an ingestion point waits for a job before counting it failed. */
  public static final Knob<Duration> JOB_TIMEOUT = knob("jobTimeout", Duration.class, Duration.ofSeconds(30))
      .flag("--job-timeout")
      .help("How long an ingestion point waits for its mining job.")
      .trades("shorter: a stuck job costs less time, a slow one is counted failed").define();

  /** Bound on the watcher trie's candidates (the stalest evicted). */
  public static final Knob<Integer> MAX_CANDIDATES = knob("maxCandidates", Integer.class, 4096)
      .flag("--max-candidates").range(1, 1 << 20, "every operation steps a pointer per live candidate")
      .help("Candidates watched at most.")
      .trades("more: rare repeats are kept until promoted, more pointers per operation; fewer: the "
          + "stalest are evicted sooner").define();

  /** Bound on the trace cache (the lowest-scoring eighth is evicted when full). */
  public static final Knob<Integer> MAX_TRACES = knob("maxTraces", Integer.class, 1024)
      .flag("--max-traces").range(1, 1 << 20, "every operation steps a pointer per trace it may start")
      .help("Traces cached at most.")
      .trades("more: more distinct traces kept, more pointers per operation; fewer: low-scoring traces "
          + "evicted and recorded again later").define();

  /** Bound on buffered operations, at least {@link #MAX_TRACE_LENGTH}; reaching it abandons the open matches. */
  public static final Knob<Integer> MAX_PENDING_OPS = knob("maxPendingOps", Integer.class, PENDING_OPS)
      .flag("--max-pending-ops").range(1, PENDING_OPS, PENDING_WHY)
      .help("Operations held back at most.")
      .trades("more: long traces can complete; fewer: less memory and latency, a longer match is "
          + "abandoned").define();

  /**
   * The longest window mined, in buffers, a power of two: after the {@code k}-th full buffer the last
   * {@code min(lowestOneBit(k), historyBuffers)} buffers are mined together, so that a loop whose body
   * is longer than half a buffer is still seen twice (1: each buffer is mined alone, as in Legion).
   * Each doubling adds one token mined per operation.
   */
  public static final Knob<Integer> HISTORY_BUFFERS = knob("historyBuffers", Integer.class, 8).legion(1)
      .flag("--history-buffers")
      .help("Longest mined window, in buffers (a power of two; 1: each buffer alone).")
      .trades("more: long loop bodies are seen twice, one more token mined per operation per doubling; 1: "
          + "each buffer alone (Legion)").define();

  /**
   * Whether the warm-up threshold applies while fewer than half of the recent operations were traced,
   * not only while the trace cache is empty: a first trace that is not the loop (a run of
   * synchronisation no-ops) then does not raise the threshold for the loop itself.
   */
  public static final Knob<Boolean> WARMUP_BY_COVERAGE = knob("warmupByCoverage", Boolean.class, true).legion(false)
      .flag("--warmup-by-coverage")
      .help("Use the warm-up visit threshold while fewer than half of the recent operations were traced, "
          + "not only while no trace is known.")
      .trades("on: a first trace that is not the loop does not delay the loop's").define();

  /**
   * Whether a break (blocking wait, untraceable operation) that cuts an open match of a trace tiling a
   * loop replaces the trace by its rotation starting at the cut (the old phase is not promoted again
   * while the rotation is cached), so the loop goes out in phase with a break that recurs; only with
   * {@link #PREFIX_TRACES} (Legion: no).
   */
  public static final Knob<Boolean> REPHASE_AT_BREAKS = knob("rephaseAtBreaks", Boolean.class, true).legion(false)
      .flag("--rephase-at-breaks")
      .help("Rotate a loop's trace cut by a break (untraceable operation, blocking wait) to start where "
          + "the loop resumes.")
      .trades("on: one more recording per rotation, then periodic checks fall between occurrences; off: "
          + "every check cuts an occurrence").define();

  /**
   * Whether, in the selection, the longest completed match of a trace that tiles a loop wins over a
   * shorter best-scoring match it overlaps (Legion: the score alone decides, and a new trace of the
   * whole loop loses to a piece of it issued for a while until it has several times its visits).
   */
  public static final Knob<Boolean> LOOPS_WIN = knob("loopsWin", Boolean.class, true).legion(false)
      .flag("--loops-win")
      .help("Let the longest completed match of a trace that tiles a loop win over a shorter "
          + "best-scoring match it overlaps.")
      .trades("on: the whole loop's trace takes over sooner; off: the score alone decides").define();

  /**
   * Whether a mined candidate whose latest occurrence the stream already reissued in part, leaving
   * untraced only runs of at least {@link #MIN_TRACE_LENGTH} operations, is replaced by those runs
   * rather than recorded whole over operations the runtime was replaying (Legion: no; see
   * {@link Residue}).
   */
  public static final Knob<Boolean> KEEP_REPLAYED = knob("keepReplayed", Boolean.class, true).legion(false)
      .flag("--keep-replayed")
      .help("Replace a mined candidate that the stream already replays in part by the runs it left "
          + "untraced, when each is long enough to be a trace, instead of recording it whole.")
      .trades("on: no recording over operations already replayed; off: the longer trace is recorded "
          + "whole").define();

  /**
   * Whether a trace that tiles a loop, mined from where the loop began less than a period after the
   * program's last wait or break, is rotated to start where the program went on after it, so that
   * waits that recur with the loop fall between its occurrences (Legion: no).
   */
  public static final Knob<Boolean> PHASE_AFTER_WAITS = knob("phaseAfterWaits", Boolean.class, true).legion(false)
      .flag("--phase-after-waits")
      .help("Start a loop's trace where the program went on after its last wait or break, when the "
          + "loop began less than a period after it.")
      .trades("on: waits that recur with the loop fall between occurrences").define();

  /**
   * Failed reissues (the runtime re-recorded instead of replaying: the precondition failed or the
   * operations diverged from the recording) after which a trace is retired from automatic tracing,
   * when more than this many of its last {@link #RETIREMENT_WINDOW} reissues failed: it is never
   * issued or promoted again, so a trace that keeps failing costs a bounded number of recordings
   * (PyTorch caps re-records at 8 before it warns, TensorFlow warns at 5 of 10 calls, llama.cpp gives
   * up after 4). Legion: never ({@link ApopheniaSettings#UNBOUNDED}).
   */
  public static final Knob<Integer> RETIRE_AFTER_FAILURES = knob("retireAfterFailures", Integer.class, 4)
      .legion(ApopheniaSettings.UNBOUNDED)
      .flag("--retire-after-failures").range(1, 64, "at most the largest --retirement-window")
      .help("Failed replays of a trace, within the window, after which it is retired from automatic tracing.")
      .trades("lower: a trace that keeps failing stops costing recordings sooner, a trace that fails now and "
          + "then is given up; higher: more re-recordings before giving up").define();

  /** The reissues of a trace over which {@link #RETIRE_AFTER_FAILURES} counts failures. */
  public static final Knob<Integer> RETIREMENT_WINDOW = knob("retirementWindow", Integer.class, 16)
      .flag("--retirement-window").range(1, 64, "the last outcomes of each trace are kept as the bits of a word")
      .help("Reissues of a trace over which its failures are counted.")
      .trades("longer: occasional failures add up to a retirement; shorter: only failures close together").define();

  /**
   * Legion's {@code -lg:safe_tracing}: every replay checks that the operations it is given are the
   * recording's, and a difference is an error naming the trace, the position, the expected and the
   * seen operation, instead of a silent re-recording. Read by the runtime's adapter (the samples' trace
   * engine runs in its strict mode) and by {@code analyze} (each reissue's tokens against the trace's
   * first occurrence), not by the interceptor.
   */
  public static final Knob<Boolean> SAFE_TRACING = knob("safeTracing", Boolean.class, false)
      .flag("--safe-tracing", "-lg:safe_tracing")
      .help("Check every replay against its recording and fail, naming the trace, the position, the expected and "
          + "the seen operation, where they differ.")
      .trades("on: a wrong trace is an error, not a silent re-recording, for one comparison per replayed "
          + "operation").define();

  /**
   * Variants of a cached trace promoted and not yet replayed, at most: candidates made only of what
   * cached traces hold (the trace itself with up to two operations dropped, or cut where the noise
   * fell, or a cached loop run several times with a task dropped), see {@link TraceCache#variantOf}.
   * On a noisy loop every mined repeat is such a variant; past this many, the trace's pieces
   * ({@link DyadicPieces}) cover them and the number of traces stops growing with the stream. A
   * variant that is replayed frees its place: one that recurs pays for itself (Legion: no limit).
   */
  public static final Knob<Integer> MAX_VARIANTS = knob("maxVariants", Integer.class, 4).legion(Integer.MAX_VALUE)
      .flag("--max-variants").range(0, Integer.MAX_VALUE, "any count")
      .help("Variants of a cached trace (candidates made of cached content) promoted and not yet replayed, "
          + "at most.")
      .trades("lower: fewer traces on a noisy loop and less matching per operation, a variant that would have "
          + "replayed waits for a place; higher: more of the noise's variants recorded, more traces").define();

  /**
   * Whether a mined repeat whose occurrences are on average more than a visit's half-life apart in
   * the score (about 69 of its lengths) is dropped, and a candidate's visits start again after such a
   * gap: a repeat that recurs that rarely (a loop with the same operation dropped twice in a long
   * window) would lose its score between occurrences, and only costs a recording (Legion: no).
   */
  public static final Knob<Boolean> FORGET_RARE_REPEATS = knob("forgetRareRepeats", Boolean.class, true).legion(false)
      .flag("--forget-rare-repeats")
      .help("Drop mined repeats whose occurrences are more than about 69 of their lengths apart.")
      .trades("on: a repeat that recurs that rarely is not watched (fewer candidates and traces on noisy streams); "
          + "off: it may still be promoted after enough sparse visits").define();

  /**
   * Whether a mined repeat that runs a cached loop several times over with a task or two missing (a
   * near-loop, see {@link NearLoops}) is cut into its {@link DyadicPieces} that hold no drop, instead
   * of promoted as a trace of its own: on a short noisy loop each near-loop recurs rarely, and its
   * pieces across the drops with it, so the traces grew with the stream; the clean pieces are the
   * loop's stream from one phase, a bounded set. Only while variants are limited ({@link #MAX_VARIANTS})
   * and with {@link #PREFIX_TRACES} (the pieces are prefixes of one another). Legion: no.
   */
  public static final Knob<Boolean> NEAR_LOOP_PIECES = knob("nearLoopPieces", Boolean.class, true).legion(false)
      .flag("--near-loop-pieces")
      .help("Cut a mined repeat that runs a cached loop with a task or two missing into its pieces that "
          + "hold no missing task, instead of recording it whole.")
      .trades("on: a noisy loop's traces stay a bounded set of the loop's pieces; off: each such repeat is a "
          + "trace of its own, replayed only if the same tasks go missing again").define();

  /**
   * The longest piece a near-loop is cut into ({@link #NEAR_LOOP_PIECES}), in lengths of the loop's
   * trace. A piece starts at every phase of the loop, so each operation opens a pointer that stays
   * open for up to this many lengths, and the operations wait in the issuer until it is settled:
   * longer pieces mean fewer replays, and more matching per operation. The default is the span that
   * lost the least coverage on any of the generated noisy loops measured (BENCHMARKS.md, "Noisy
   * loops, sixth pass").
   */
  public static final Knob<Integer> NEAR_LOOP_PIECE_SPAN = knob("nearLoopPieceSpan", Integer.class, 4)
      .flag("--near-loop-piece-span").range(1, 1 << 16, "a piece is at most a mining window long")
      .help("Longest piece a near-loop is cut into, in lengths of the loop's trace.")
      .trades("lower: fewer matches open per operation and less matching, more and shorter replays; higher: "
          + "longer replays, more matching per operation").define();

  private static final List<Knob<?>> VIEW = Collections.unmodifiableList(ALL);

  /** Every knob, in definition order (the order of the echo and of the settings' messages). */
  public static List<Knob<?>> all() {
    return VIEW;
  }
}
