#!/usr/bin/env python3
"""Renders ReplayBenchmark's JMH JSON (-rf json) as the Markdown table of BENCHMARKS.md.

Usage:
  java -jar benchmarks/target/benchmarks.jar 'bench.replay' -rf json -rff replay.json
  python3 benchmarks/replay-table.py replay.json

Scores are µs per task (the benchmark divides by its tasks per shot): the mean ± 99.9% interval of
the measured shots, then a second table of their medians (JMH's p50), which a few shots slowed by the
virtual machine's neighbours do not move. "own" subtracts the `machine`
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
        rows.setdefault(key, {})[p["mode"]] = (m["score"], m["scoreError"], m["scorePercentiles"]["50.0"])
    inline = any("record-inline" in r for r in rows.values())
    table(rows, inline, lambda v: f"{v[0]:.3f} ± {v[1]:.3f}", 0,
          "own work: (analysis − floor) / (replay − floor)")
    print()
    print("Medians of the same shots:")
    print()
    table(rows, inline, lambda v: f"{v[2]:.3f}", 2, "own work")


def table(rows, inline, cell, at, own):
    """One table: cell(v) renders a measurement, the ratios use its element at."""
    print("| program | tasks | analysis | record | " + ("record inline | " if inline else "") + "replay | machine floor | "
          "analysis / replay | record / analysis | " + ("record inline / analysis | " if inline else "") + own + " |")
    print("|---|---:|---:|---:|" + ("---:|" if inline else "") + "---:|---:|---:|---:|" + ("---:|" if inline else "")
          + "---:|")
    for (program, tasks) in sorted(rows):
        r = rows[(program, tasks)]
        if not all(m in r for m in ("analysis", "record", "replay", "machine")):
            continue
        a, rec, rep, mach = (r[m][at] for m in ("analysis", "record", "replay", "machine"))
        ri = r.get("record-inline")
        print(f"| {program} | {tasks} | {cell(r['analysis'])} | {cell(r['record'])} | "
              + (f"{cell(ri)} | " if inline and ri else "| " if inline else "")
              + f"{cell(r['replay'])} | {cell(r['machine'])} | {a / rep:.1f}× | {rec / a:.2f}× | "
              + (f"{ri[at] / a:.1f}× | " if inline and ri else "| " if inline else "")
              + f"{(a - mach) / (rep - mach):.1f}× |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: replay-table.py JMH-RESULT.json")
    main(sys.argv[1])
