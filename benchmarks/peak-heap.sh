#!/usr/bin/env bash
# Peak heap per token of the repeat finder: for each workload, the smallest -Xmx (in MiB, by
# bisection) under which RepeatFinder.find completes on N tokens, minus the input (8 bytes per
# token) and an empty JVM's heap floor, divided by N. Uses the serial collector so that the heap
# limit is what the live data needs, not a concurrent collector's headroom; the young generation
# is pinned at 8 MiB (-Xmn8m) so that nearly all of -Xmx is available to the long-lived arrays.
# Usage: benchmarks/peak-heap.sh [N]   (default 10000000); needs benchmarks/target/benchmarks.jar
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000000}"
jar=benchmarks/target/benchmarks.jar
[ -f "$jar" ] || { echo "build it first: mvn -B -Pbench -pl benchmarks -am package -DskipTests" >&2; exit 1; }
runs() { java -XX:+UseSerialGC -Xmn8m -Xmx"$1"m -cp "$jar" org.apophenia.bench.suffix.PeakHeap "$2" "$3" >/dev/null 2>&1; }
smallest() { # workload n -> smallest MiB that works
  local lo=1 hi=4096
  while [ $((hi - lo)) -gt 4 ]; do
    local mid=$(((lo + hi) / 2))
    if runs "$mid" "$1" "$2"; then hi=$mid; else lo=$mid; fi
  done
  echo "$hi"
}
floor=$(smallest LOOP2000 10)
echo "heap floor (10 tokens): ${floor} MiB"
for w in LOOP64_NOISY LOOP2000 UNIFORM; do
  mib=$(smallest "$w" "$n")
  awk -v w="$w" -v n="$n" -v mib="$mib" -v floor="$floor" 'BEGIN {
    bytes = (mib - floor) * 1048576 - 8 * n
    printf "%-13s n=%d  smallest -Xmx %d MiB  => %.1f bytes/token beyond the input\n", w, n, mib, bytes / n }'
done
