#!/usr/bin/env python3
"""Writes a noisy loop as a task stream (starpu-capture v1 or JSONL) on standard output.

A loop body of PERIOD distinct tasks is repeated until OPS tasks are written. Before each task, with
probability INSERT, a task that never occurs elsewhere is inserted (a log line, a check, a reduction
on a fresh temporary); each body task is dropped with probability DROP (a data-dependent branch) and
replaced by a fresh task with probability FRESH (an operand that changes). The same arguments and
SEED give the same stream, byte for byte.

  tools/noisy-stream.py --period 300 --insert 0.005 --drop 0.002 --ops 1000000 --seed 1 > noisy.txt
  tools/noisy-stream.py --period 64 --fresh 0.05 --ops 100000 | bin/apophenia analyze - --format starpu

The project's own tests use the same model (apophenia's test utility NoisyLoop).
"""
import argparse
import random
import sys


def positive_int(text):
    v = int(text)
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return v


def probability(text):
    v = float(text)
    if not 0.0 <= v < 1.0:
        raise argparse.ArgumentTypeError(f"must be in [0, 1), got {text}")
    return v


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--period", type=positive_int, default=300, help="tasks in the loop body (300)")
    p.add_argument("--ops", type=positive_int, default=100_000, help="tasks to write (100000)")
    p.add_argument("--insert", type=probability, default=0.0, help="probability of a fresh task inserted before each task")
    p.add_argument("--drop", type=probability, default=0.0, help="probability that a body task is dropped")
    p.add_argument("--fresh", type=probability, default=0.0, help="probability that a body task is replaced by a fresh one")
    p.add_argument("--seed", type=int, default=1, help="random seed (1)")
    p.add_argument("--format", choices=["starpu", "jsonl"], default="starpu")
    a = p.parse_args()

    rnd = random.Random(a.seed)
    # a body task: a codelet out of 7 and three handles out of 64, so that tasks share data as a
    # real loop's do; task i of the body is the same line in every iteration
    body = []
    for i in range(a.period):
        handles = [f"0x{0x1000 + 0x40 * rnd.randrange(64):x}" for _ in range(3)]
        body.append((f"k{i % 7}", [(handles[0], 1), (handles[1], 1), (handles[2], 3)]))
    fresh = 0

    def fresh_task():
        nonlocal fresh
        fresh += 1
        return ("noise", [(f"0x{0x100000 + fresh:x}", 2)])

    out = sys.stdout
    write = out.write
    if a.format == "starpu":
        write("# starpu-capture v1\n")
        write(f"# source: tools/noisy-stream.py --period {a.period} --ops {a.ops} --insert {a.insert} "
              f"--drop {a.drop} --fresh {a.fresh} --seed {a.seed}\n")

    def emit(task):
        name, args = task
        if a.format == "starpu":
            write(name + "".join(f" {h}:{m}" for h, m in args) + "\n")
        else:
            mode = {1: "R", 2: "W", 3: "RW"}
            write('{"task":"%s","args":[%s]}\n' % (name, ",".join(
                '{"data":"%s","mode":"%s"}' % (h, mode[m]) for h, m in args)))

    written = 0
    i = 0
    while written < a.ops:
        if a.insert and rnd.random() < a.insert:
            emit(fresh_task())
            written += 1
            continue
        task = body[i % a.period]
        i += 1
        if a.drop and rnd.random() < a.drop:
            continue
        if a.fresh and rnd.random() < a.fresh:
            task = fresh_task()
        emit(task)
        written += 1


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(0)
