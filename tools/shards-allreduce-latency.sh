#!/usr/bin/env bash
# The floor of the ingestion agreement (BENCHMARKS.md, "Sharded runs"): N processes on this machine,
# over loopback TCP as `--shards N` runs them, call the all-reduce back to back with no work between
# (tools/AllReduceLatency.java). One markdown row per shard: median, mean and 90th percentile of one
# all-reduce, in microseconds.
#
#   tools/shards-allreduce-latency.sh [ROUNDS]      # default 20000, for 1, 2 and 4 shards
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-20000}"
"$root/bin/apophenia" --version > /dev/null 2>&1 || true   # builds the CLI jar if it is stale
jar="$root/cli/target/apophenia.jar"
tmp="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
echo "| shards | shard | all-reduces | median µs | mean µs | p90 µs |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in 1 2 4; do
  mkdir "$tmp/$n"
  pids=()
  for k in $(seq 0 $((n - 1))); do
    java -cp "$jar" "$root/tools/AllReduceLatency.java" "$n" "$k" "$tmp/$n" "$rounds" > "$tmp/$n/out-$k" 2> "$tmp/$n/err-$k" &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then cat "$tmp/$n/err-$i" >&2; exit 1; fi
  done
  pids=()
  for k in $(seq 0 $((n - 1))); do
    IFS='|' read -r sn sk sr med mean p90 < "$tmp/$n/out-$k"
    echo "| $sn | $sk | $sr | $med | $mean | $p90 |"
  done
done
