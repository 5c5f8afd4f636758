#!/usr/bin/env python3
"""Renders ReplayBenchmark's JMH JSON (-rf json) as the Markdown table of BENCHMARKS.md.

Usage:
  java -jar benchmarks/target/benchmarks.jar 'bench.replay' -rf json -rff replay.json
  python3 benchmarks/replay-table.py replay.json

Scores are µs per task (the benchmark divides by its tasks per shot). "own" subtracts the `machine`
floor (the same tasks submitted straight to the simulator) from analysis and replay.
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
    print("| program | tasks | analysis | record | replay | machine floor | analysis / replay | "
          "record / analysis | own work: (analysis − floor) / (replay − floor) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (program, tasks) in sorted(rows):
        r = rows[(program, tasks)]
        if not all(m in r for m in ("analysis", "record", "replay", "machine")):
            continue
        a, rec, rep, mach = (r[m][0] for m in ("analysis", "record", "replay", "machine"))
        cell = lambda m: f"{r[m][0]:.3f} ± {r[m][1]:.3f}"
        print(f"| {program} | {tasks} | {cell('analysis')} | {cell('record')} | {cell('replay')} | "
              f"{cell('machine')} | {a / rep:.1f}× | {rec / a:.1f}× | {(a - mach) / (rep - mach):.1f}× |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: replay-table.py JMH-RESULT.json")
    main(sys.argv[1])
