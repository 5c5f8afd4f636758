#!/usr/bin/env python3
"""Golden checksums of the two ported NumPy programs (cavity.py, heat.py) for the configurations the
Java tests and the README use; writes samples/src/test/resources/numpy/ports.json. Each checksum is
the SHA-256 of the result arrays' big-endian float64 bits, what `bin/apophenia run` prints:

    python3 tools/numpy/ports_goldens.py
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'samples', 'src', 'test', 'resources', 'numpy', 'ports.json')


def run(script, *args):
    out = subprocess.run([sys.executable, os.path.join(HERE, script)] + [str(a) for a in args], check=True,
                         capture_output=True, text=True).stdout.split()
    return {'sha256': out[0], 'summary': ' '.join(out[1:])}


goldens = {
    'cavity': [dict(size=nx, iterations=nt, **run('cavity.py', nx, nt)) for nx, nt in [(8, 6), (41, 20), (41, 100)]],
    'heat': [dict(size=100, iterations=n, **run('heat.py', n)) for n in (20, 101, 500)],
}
with open(OUT, 'w') as f:
    json.dump(goldens, f, indent=1)
    f.write('\n')
print(json.dumps(goldens, indent=1))
