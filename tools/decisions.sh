#!/usr/bin/env bash
# Fingerprints every trace decision the product makes on the built-in samples and the shipped
# captures, so that a refactor can show it changed none of them:
#
#   tools/decisions.sh > before.txt      # on the old commit
#   tools/decisions.sh > after.txt       # on the new one
#   diff before.txt after.txt            # empty: same checksums, traces, warm-up, per-op decisions
#
# Per sample (--mode none, manual, auto) and per capture it prints the deterministic fields of the
# JSON summary and a SHA-256 of trace-search.csv (per op: token, traced, trace id) and traces.json.
# Real times are left out: they differ from run to run. Runs the jar bin/apophenia builds.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="$root/bin/apophenia"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
captures="$root/cli/src/test/resources/starpu"

fields() { # FILE KEY... : the named top-level fields of a JSON object, one line
  python3 - "$@" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(f"{k}={d.get(k)}" for k in sys.argv[2:]))
EOF
}

# trace-search.csv writes an untraced op's trace_id as an empty cell (formerly -1): mapped back, so that
# digests stay comparable with those taken before that change
digest() { cat "$@" | sed -E "s/^([0-9]+,[0-9a-f]+,0),,/\1,-1,/" | sha256sum | cut -c1-16; }

samples="${SAMPLES:-jacobi cfd swe s3d mlp stencil cavity heat}"
for s in $samples; do
  for mode in none manual; do
    "$app" run "$s" --mode "$mode" --json > "$tmp/$s-$mode.json"
    echo "$s $mode $(fields "$tmp/$s-$mode.json" ops checksum simulatedMakespanNanos)"
  done
  "$app" run "$s" --mode auto --out "$tmp/$s" > /dev/null
  echo "$s auto $(fields "$tmp/$s/summary.json" ops tracedOps replayedOps coverage tracesRecorded \
    replays tracesNeverReplayed warmupIterations checksum simulatedMakespanNanos)" \
    "decisions=$(digest "$tmp/$s/trace-search.csv" "$tmp/$s/traces.json")"
done
for f in "$captures"/*.txt; do
  [ "$(basename "$f")" = README.md ] && continue
  name="$(basename "$f" .txt)"
  "$app" analyze "$f" --skip-malformed --bound --out "$tmp/$name" > /dev/null
  echo "$name $(fields "$tmp/$name/summary.json" ops tracedOps replayedOps coverage tracesRecorded \
    replays firstReplayOp coverageBound)" \
    "decisions=$(digest "$tmp/$name/trace-search.csv" "$tmp/$name/traces.json")"
done
