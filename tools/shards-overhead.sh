#!/usr/bin/env bash
# What the ingestion agreement of control-replicated shards costs per operation (BENCHMARKS.md,
# "Sharded runs"): each workload as one process, then as 1, 2 and 4 shards (`--shards N`, processes
# on this machine over loopback TCP), ROUNDS times in alternation. Prints one markdown row per run:
# the interceptor's all-reduces, the issuing thread's time in them per op (the shards' mean and
# maximum), Apophenia's own time per op (tokenize + match + ingest, ingest including the all-reduces)
# of shard 0 over the whole stream, its issuing thread's CPU time per op (analyze: blocked and
# descheduled time left out, so what the agreement costs in work rather than in waiting), the doublings of the wait interval, and the wall time.
#
#   tools/shards-overhead.sh [ROUNDS]      # default 3
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="$root/bin/apophenia"
rounds="${1:-3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

"$root/tools/noisy-stream.py" --period 300 --insert 0.005 --drop 0.002 --ops 200000 --seed 1 > "$tmp/noisy.txt"
"$root/tools/long-stream.sh" "$root/cli/src/test/resources/starpu/cg-b4-i100-clean.txt" 200000 > "$tmp/cg.txt"

row() { # LABEL SHARDS JSONFILE
  python3 - "$@" <<'EOF'
import json, sys
label, shards, path = sys.argv[1], sys.argv[2], sys.argv[3]
j = json.load(open(path))
ops = j["ops"]
if "apopheniaNanosPerOp" in j:          # analyze
    own = j["apopheniaNanosPerOp"]
    cpu = f'{j["issueCpuNanosPerOp"]:,.0f}'
    wall = j["wallMillis"]
else:                                   # run
    own = j["apopheniaNanos"] / ops
    cpu = "-"
    wall = j["wallNanos"] / 1e6
runs = j.get("shardRuns", [])
coll = [r["collectiveNanosPerOp"] for r in runs]
doublings = j.get("waitIntervalDoublings", j.get("miningWaitIntervalDoublings", (j.get("mining") or {}).get("waitIntervalDoublings")))
print(f"| {label} | {shards} | {ops:,} | {j.get('collectives', '-')} | "
      + (f"{sum(coll) / len(coll):,.0f} / {max(coll):,.0f}" if coll else "-")
      + f" | {own:,.0f} | {cpu} | {doublings} | {j['coverage']:.3f} | {wall:,.0f} |")
EOF
}

echo "| workload | shards | ops | collectives | collective ns/op, mean / max shard | Apophenia ns/op, shard 0 | issuing thread CPU ns/op, shard 0 | doublings | coverage | wall ms, shard 0 |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for r in $(seq 1 "$rounds"); do
  for n in 0 1 2 4; do
    shards=(); label="one process"
    if [ "$n" -gt 0 ]; then shards=(--shards "$n"); label="$n"; fi
    "$app" analyze "$tmp/noisy.txt" --json "${shards[@]}" > "$tmp/a.json"
    row "analyze noisy loop (period 300, 0.5% inserted)" "$label" "$tmp/a.json"
    "$app" analyze "$tmp/cg.txt" --json "${shards[@]}" > "$tmp/c.json"
    row "analyze cg loop" "$label" "$tmp/c.json"
    "$app" run stencil --iterations 2000 --json "${shards[@]}" > "$tmp/s.json"
    row "run stencil, 2000 iterations" "$label" "$tmp/s.json"
  done
done
