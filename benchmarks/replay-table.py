#!/usr/bin/env python3
"""Renders ReplayBenchmark's JMH JSON (-rf json) as the Markdown table of BENCHMARKS.md.

Usage:
  java -jar benchmarks/target/benchmarks.jar 'bench.replay' -rf json -rff replay.json
  python3 benchmarks/replay-table.py replay.json

Scores are µs per task (the benchmark divides by its tasks per shot). "own" subtracts the `machine`
floor (the same tasks submitted straight to the simulator) from analysis and replay. `record` is the
application thread's cost with the translation and optimisation on the background thread (the
default); `record-inline` does all of it on the application thread (shown when measured).
"""
import json
import sys


def main(path):
    rows = {}
    for r in json.load(open(path)):
        p = r["params"]
        key = (p["program"], int(p["tasks"]))
        m = r["primaryMetric"]
        rows.setdefault(key, {})[p["mode"]] = (m["score"], m["scoreError"])
    inline = any("record-inline" in r for r in rows.values())
    print("| program | tasks | analysis | record | " + ("record inline | " if inline else "") + "replay | machine floor | "
          "analysis / replay | record / analysis | " + ("record inline / analysis | " if inline else "")
          + "own work: (analysis − floor) / (replay − floor) |")
    print("|---|---:|---:|---:|" + ("---:|" if inline else "") + "---:|---:|---:|---:|" + ("---:|" if inline else "")
          + "---:|")
    for (program, tasks) in sorted(rows):
        r = rows[(program, tasks)]
        if not all(m in r for m in ("analysis", "record", "replay", "machine")):
            continue
        a, rec, rep, mach = (r[m][0] for m in ("analysis", "record", "replay", "machine"))
        cell = lambda m: f"{r[m][0]:.3f} ± {r[m][1]:.3f}"
        ri = r.get("record-inline")
        print(f"| {program} | {tasks} | {cell('analysis')} | {cell('record')} | "
              + (f"{cell('record-inline')} | " if inline and ri else "| " if inline else "")
              + f"{cell('replay')} | {cell('machine')} | {a / rep:.1f}× | {rec / a:.2f}× | "
              + (f"{ri[0] / a:.1f}× | " if inline and ri else "| " if inline else "")
              + f"{(a - mach) / (rep - mach):.1f}× |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: replay-table.py JMH-RESULT.json")
    main(sys.argv[1])
