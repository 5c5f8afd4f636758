#!/usr/bin/env python3
"""Writes the eight generated streams of BENCHMARKS.md's trace-quality tables into a directory (JSONL).

Each stream is a task program's shape that a real capture has too, with its seed fixed so that the
same command writes the same files, byte for byte:

  noisy300  a 300-task loop, 100 iterations, a task never seen before inserted with probability 0.5%
            before each task (tools/noisy-stream.py's model, --insert 0.005)
  long5000  a 5,000-task loop, 6 iterations (longer than a 2,000-token mining buffer)
  nested    a 28-task outer body holding a 12-task inner loop run 3 to 5 times, 150 iterations
  phases    a 30-task loop 60 times, then a 55-task loop 60 times
  temps     a 40-task loop whose 4 temporaries rotate among 3 and 5 handles, 150 iterations
  swap      a 25-task loop double-buffered (even and odd iterations swap two arrays), 200 iterations
  checks    a 45-task loop with an untraceable synchronisation after every 10th iteration, 150 iterations
  branchy   a loop choosing between two 20-task bodies at random (probability 1/2), 300 iterations

  tools/quality-streams.py OUTDIR [--seed 1]
  for f in OUTDIR/*.jsonl; do bin/apophenia analyze $f --bound --json; done

The tasks are `k<i mod 7>` with three arguments drawn from 64 handles, as in tools/noisy-stream.py.
"""
import argparse
import os
import random


class Stream:
    def __init__(self, path):
        self.out = open(path, "w")
        self.fresh = 0

    def task(self, name, args, kind=None):
        mode = {1: "R", 2: "W", 3: "RW"}
        body = ",".join('{"data":"%s","mode":"%s"}' % (h, mode[m]) for h, m in args)
        extra = ',"kind":"%s"' % kind if kind else ""
        self.out.write('{"task":"%s","args":[%s]%s}\n' % (name, body, extra))

    def fresh_task(self):
        self.fresh += 1
        self.task("noise", [(f"0x{0x100000 + self.fresh:x}", 2)])

    def close(self):
        self.out.close()


def body(rnd, n, offset=0):
    """n distinct-looking tasks: a codelet out of 7 and three handles out of 64."""
    tasks = []
    for i in range(n):
        hs = [f"0x{0x1000 + 0x40 * rnd.randrange(64):x}" for _ in range(3)]
        tasks.append((f"k{(i + offset) % 7}", [(hs[0], 1), (hs[1], 1), (hs[2], 3)]))
    return tasks


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("outdir")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    rnd = random.Random(a.seed)

    def stream(name):
        return Stream(os.path.join(a.outdir, name + ".jsonl"))

    s = stream("noisy300")
    b = body(rnd, 300)
    for _ in range(100):
        for t in b:
            if rnd.random() < 0.005:
                s.fresh_task()
            s.task(*t)
    s.close()

    s = stream("long5000")
    b = body(rnd, 5000)
    for _ in range(6):
        for t in b:
            s.task(*t)
    s.close()

    s = stream("nested")
    outer = body(rnd, 28, 3)
    inner = body(rnd, 12)
    for _ in range(150):
        for t in outer[:14]:
            s.task(*t)
        for _ in range(rnd.randint(3, 5)):
            for t in inner:
                s.task(*t)
        for t in outer[14:]:
            s.task(*t)
    s.close()

    s = stream("phases")
    for n in (30, 55):
        b = body(rnd, n)
        for _ in range(60):
            for t in b:
                s.task(*t)
    s.close()

    s = stream("temps")
    b = body(rnd, 40)
    for it in range(150):
        for i, (name, args) in enumerate(b):
            if i % 10 == 9:  # a temporary written here, read at the next task: one of 3, then one of 5
                pool = 3 if i < 20 else 5
                h = f"0x{0x9000 + 0x40 * (it % pool) + i:x}"
                args = [args[0], (h, 2)]
            s.task(name, args)
    s.close()

    s = stream("swap")
    b = body(rnd, 25)
    for it in range(200):
        x, y = ("0xa000", "0xb000") if it % 2 == 0 else ("0xb000", "0xa000")
        for i, (name, args) in enumerate(b):
            if i % 5 == 0:
                args = [(x, 1), args[1], (y, 3)]
            s.task(name, args)
    s.close()

    s = stream("checks")
    b = body(rnd, 45)
    for it in range(150):
        for t in b:
            s.task(*t)
        if it % 10 == 9:
            s.task("sync", [("0x8000", 1)], kind="untraceable")
    s.close()

    s = stream("branchy")
    b1, b2 = body(rnd, 20), body(rnd, 20, 2)
    for _ in range(300):
        for t in (b1 if rnd.random() < 0.5 else b2):
            s.task(*t)
    s.close()


if __name__ == "__main__":
    main()
