import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import org.apophenia.shards.Discovery;
import org.apophenia.shards.JGroupsCollective;
import org.apophenia.shards.ShardGroup;

/**
 * The floor of one all-reduce between shard processes (BENCHMARKS.md, "Sharded runs"): shard K of N
 * joins the group over loopback TCP (addresses in DIR, as the launcher of --shards does), then calls
 * allReduceMin back to back, with no work between calls, so that every shard arrives at once and what
 * is timed is the messages and the wake-ups alone. Prints the median and the mean per call. Run by
 * tools/shards-allreduce-latency.sh, which starts the N processes.
 *
 *   java -cp cli/target/apophenia.jar tools/AllReduceLatency.java N K DIR ROUNDS
 */
public final class AllReduceLatency {
  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    int k = Integer.parseInt(args[1]);
    Path dir = Path.of(args[2]);
    int rounds = Integer.parseInt(args[3]);
    ShardGroup g = new ShardGroup(k, n, "latency", new Discovery.SharedDirectory(dir), Duration.ofSeconds(60),
        Duration.ofSeconds(60), 1);
    try (JGroupsCollective c = JGroupsCollective.join(g)) {
      for (int i = 0; i < rounds / 5; i++) { // warm-up: compilation of the path
        c.allReduceMin(i + k);
      }
      long[] t = new long[rounds];
      long start = System.nanoTime();
      for (int i = 0; i < rounds; i++) {
        long t0 = System.nanoTime();
        long min = c.allReduceMin(i + k);
        t[i] = System.nanoTime() - t0;
        if (min != i) {
          throw new IllegalStateException("round " + i + ": got " + min);
        }
      }
      long total = System.nanoTime() - start;
      Arrays.sort(t);
      System.out.printf(Locale.ROOT, "%d|%d|%d|%.1f|%.1f|%.1f%n", n, k, rounds, t[rounds / 2] / 1e3,
          (double) total / rounds / 1e3, t[rounds * 9 / 10] / 1e3);
    }
  }
}
