#!/usr/bin/env bash
# Builds a long task stream from a captured one, for throughput measurements of `apophenia analyze`:
# the capture's header, then its second half (the loop, past the start-up) repeated until N ops.
# Usage: tools/long-stream.sh CAPTURE N > long.txt
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 CAPTURE N" >&2
  exit 2
fi
awk -v n="$2" '
  /^#/ { if (ops == 0) print; next }
  { line[ops++] = $0 }
  END {
    from = int(ops / 2)
    for (i = 0; i < n; i++) print line[from + i % (ops - from)]
  }' "$1"
