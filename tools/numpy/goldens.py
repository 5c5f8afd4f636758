#!/usr/bin/env python3
"""Golden inputs and outputs for Apophenia-J's NumPy subset (org.apophenia.samples.numpy), from NumPy.

Writes samples/src/test/resources/numpy/goldens.json: a list of cases, each an operation of the
subset, its inputs and NumPy's output (or the fact that NumPy refuses it). Every array is stored as
{dtype, shape, bits}: the elements' 64-bit patterns in row-major order as hex (float64 raw bits,
int64 two's complement, bool 0/1), so the Java test compares bit for bit without parsing decimals.
`tol` says how the Java side compares: "exact" (NumPy's algorithm is the same), "ulp:N" (libm
functions, at most N units in the last place apart), "contract" (BLAS products: within
k * eps * (|A| @ |B|) per element). The Java tests never run Python; this script regenerates the file:

    python3 tools/numpy/goldens.py
"""
import json
import os
import sys

import numpy as np

OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'samples', 'src', 'test', 'resources', 'numpy',
                   'goldens.json')
rng = np.random.default_rng(20261125)
np.seterr(all='ignore')
cases = []


def enc(a):
    a = np.asarray(a)
    if a.dtype == np.float64:
        bits = a.view(np.uint64)
    elif a.dtype == np.int64:
        bits = a.view(np.uint64)
    elif a.dtype == np.bool_:
        bits = a.astype(np.uint64)
    else:
        raise TypeError(a.dtype)
    return {'dtype': str(a.dtype), 'shape': list(a.shape), 'bits': ['%x' % int(b) for b in bits.ravel()]}


def scal(v):
    kind = 'float64' if isinstance(v, float) else 'bool' if isinstance(v, bool) else 'int64'
    return {'scalar': kind, 'value': repr(v)}


skipped = []


def case(name, op, args, params, fn, tol='exact'):
    try:
        out = fn()
        if np.asarray(out).dtype not in (np.float64, np.int64, np.bool_):
            # NumPy picks float16/int8 loops for some bool inputs; the subset has no such dtypes (README)
            skipped.append('%s -> %s' % (name, np.asarray(out).dtype))
            return
        cases.append({'name': name, 'op': op, 'args': args, 'params': params, 'expected': enc(out), 'tol': tol})
    except (ValueError, TypeError, IndexError, np.exceptions.AxisError) as e:
        cases.append({'name': name, 'op': op, 'args': args, 'params': params, 'error': type(e).__name__,
                      'message': str(e), 'tol': tol})


def farr(*shape, special=False):
    a = rng.standard_normal(shape) * 10.0 ** rng.integers(-3, 4, shape)
    if special and a.size >= 4:
        f = a.reshape(-1)
        f[0], f[1], f[2], f[3] = np.nan, np.inf, -np.inf, -0.0
    return a


def iarr(*shape):
    return rng.integers(-50, 50, shape).astype(np.int64)


def barr(*shape):
    return rng.integers(0, 2, shape).astype(bool)


def arr(dtype, *shape, special=False):
    return farr(*shape, special=special) if dtype == 'float64' else iarr(*shape) if dtype == 'int64' else barr(*shape)


# ---------------------------------------------------------------- element-wise binary with broadcasting
BIN = ['add', 'subtract', 'multiply', 'true_divide', 'maximum', 'minimum', 'less', 'less_equal', 'greater',
       'greater_equal', 'equal', 'not_equal', 'logical_and', 'logical_or', 'bitwise_and', 'bitwise_or',
       'bitwise_xor', 'power']
shape_pairs = [((3, 4), (3, 4)), ((3, 4), (4,)), ((2, 1, 4), (3, 1)), ((1,), (5,)), ((2, 3, 4), (2, 1, 4)),
               ((0, 3), (3,)), ((3, 4), (2, 4))]
dtypes = ['float64', 'int64', 'bool']
for f in BIN:
    for da in dtypes:
        for db in dtypes:
            for sa, sb in shape_pairs[:3] if (da, db) != ('float64', 'float64') else shape_pairs:
                a = arr(da, *sa, special=True)
                b = arr(db, *sb)
                if f == 'power' and 'float64' not in (da, db):
                    b = np.abs(b) % 4
                if f == 'power' and da == 'float64':
                    a = np.abs(a)
                tol = 'ulp:1' if f == 'power' and 'float64' in (da, db) else 'exact'
                case('%s %s%s %s%s' % (f, da, sa, db, sb), 'binary:' + f, [enc(a), enc(b)], {},
                     lambda: getattr(np, f)(a, b), tol)
    # with Python scalars (weak promotion)
    for da in dtypes:
        a = arr(da, 3, 4, special=True)
        for s in (2.5, 3, True):
            if f == 'power':
                a = np.abs(a) if da == 'float64' else a
            tol = 'ulp:1' if f == 'power' and (da == 'float64' or isinstance(s, float)) else 'exact'
            case('%s %s scalar %r' % (f, da, s), 'binary:' + f, [enc(a), scal(s)], {}, lambda: getattr(np, f)(a, s), tol)

# ---------------------------------------------------------------- unary
UN = {'negative': 'exact', 'positive': 'exact', 'absolute': 'exact', 'square': 'exact', 'sqrt': 'exact',
      'exp': 'ulp:2', 'log': 'ulp:2', 'sin': 'ulp:2', 'cos': 'ulp:2', 'tanh': 'ulp:2', 'logical_not': 'exact',
      'invert': 'exact', 'isnan': 'exact', 'isfinite': 'exact', 'reciprocal': 'exact'}
for f, tol in UN.items():
    for da in dtypes:
        a = arr(da, 4, 5, special=True)
        if f in ('log', 'sqrt') and da == 'float64':
            a = np.abs(a)
        if f == 'reciprocal' and da != 'float64':
            continue
        if f in ('exp', 'sin', 'cos', 'tanh') and da == 'float64':
            a = np.clip(a, -50, 50)
            a.reshape(-1)[:3] = [np.nan, np.inf, -np.inf]
        case('%s %s' % (f, da), 'unary:' + f, [enc(a)], {}, lambda: getattr(np, f)(a), tol)
for p in (2.0, 0.5, 1.0, -1.0, 3.0):
    a = np.abs(farr(3, 4, special=True))
    case('power scalar %r' % p, 'power_scalar', [enc(a)], {'exponent': p}, lambda: a ** p,
         'exact' if p != 3.0 else 'ulp:1')
for t in dtypes:
    for da in dtypes:
        a = arr(da, 3, 3, special=da == 'float64' and t != 'int64')
        case('astype %s->%s' % (da, t), 'astype', [enc(a)], {'dtype': t}, lambda: a.astype(t))

# ---------------------------------------------------------------- reductions
RED = ['sum', 'prod', 'mean', 'max', 'min', 'argmax', 'argmin', 'any', 'all']
for f in RED:
    for da in dtypes:
        shapes = [(7,), (3, 5), (2, 3, 4), (0, 3), (3, 0)]
        if da == 'float64' and f in ('sum', 'mean'):
            shapes += [(37, 150), (200,), (3, 1000)]  # pairwise summation's blocks and halvings
        for shape in shapes:
            if f in ('prod',) and da == 'float64':
                a = rng.uniform(0.5, 1.5, shape)
            else:
                a = arr(da, *shape)
            big = a.size > 100
            axes = [None, len(shape) - 1, 0] if big else [None] + list(range(-len(shape), len(shape)))
            for ax in axes:
                for kd in ((False,) if big else (False, True)):
                    if f in ('argmax', 'argmin') and kd:
                        continue
                    fn = (lambda: getattr(np, f)(a, axis=ax)) if f in ('argmax', 'argmin') else \
                        (lambda: getattr(np, f)(a, axis=ax, keepdims=kd))
                    tol = 'exact'
                    if f == 'mean' and da != 'float64':
                        tol = 'ulp:1'
                    if f in ('sum', 'mean') and da == 'float64' and ax is not None and len(shape) == 3 and ax % 3 != 2:
                        tol = 'exact'
                    case('%s %s%s axis=%s keepdims=%s' % (f, da, shape, ax, kd), 'reduce:' + f, [enc(a)],
                         {'axis': ax, 'keepdims': kd}, fn, tol)
    a = farr(4, 6, special=True)
    case('%s float64 nan/inf' % f, 'reduce:' + f, [enc(a)], {'axis': 1, 'keepdims': False},
         lambda: getattr(np, f)(a, axis=1))
    case('%s axis out of range' % f, 'reduce:' + f, [enc(farr(3, 4))], {'axis': 2, 'keepdims': False},
         lambda: getattr(np, f)(np.zeros((3, 4)), axis=2))

for da in dtypes:
    for shape, ax in [((10,), None), ((3, 5), 0), ((3, 5), 1), ((2, 3, 4), 1), ((2, 3, 4), -1), ((0, 4), 0), ((3, 4), None)]:
        a = arr(da, *shape)
        case('cumsum %s%s axis=%s' % (da, shape, ax), 'cumsum', [enc(a)], {'axis': ax}, lambda: np.cumsum(a, axis=ax))

# ---------------------------------------------------------------- where, clip
for sc, sa, sb in [((3, 4), (3, 4), (3, 4)), ((3, 1), (4,), (3, 4)), ((4,), (2, 4), (1,))]:
    c = barr(*sc)
    a = farr(*sa, special=True)
    b = iarr(*sb)
    case('where %s %s %s' % (sc, sa, sb), 'where', [enc(c), enc(a), enc(b)], {}, lambda: np.where(c, a, b))
c = barr(5)
case('where scalars', 'where', [enc(c), scal(1.5), scal(-2)], {}, lambda: np.where(c, 1.5, -2))
x, y = farr(3, 2), iarr(2)
case('where scalar condition', 'where', [scal(True), enc(x), enc(y)], {}, lambda: np.where(True, x, y))
case('where bad broadcast', 'where', [enc(barr(3)), enc(farr(4)), scal(0.0)], {}, lambda: np.where(barr(3), farr(4), 0.0))
for da in dtypes[:2]:
    a = arr(da, 4, 5, special=True)
    case('clip %s scalars' % da, 'clip', [enc(a), scal(-1.0), scal(2.0)], {}, lambda: np.clip(a, -1.0, 2.0))
    case('clip %s int scalars' % da, 'clip', [enc(a), scal(-1), scal(2)], {}, lambda: np.clip(a, -1, 2))
    lo = arr(da, 5)
    case('clip %s array lo' % da, 'clip', [enc(a), enc(lo), scal(3)], {}, lambda: np.clip(a, lo, 3))

# ---------------------------------------------------------------- structure
for subs in ['1:-1', '::2', '::-1', '1:-1:2', '-2:0:-1', '3', '5:2', ':, 1:', '1:-1, ::-2', '-1', '::3, 2', '2:, :, ::2',
             '0, 0']:
    nd = len(subs.split(','))
    a = farr(*([6, 5, 4][:max(nd, 2 if ',' in subs else 1)]), special=True)
    py = 'a[%s]' % subs
    case('getitem %s on %s' % (subs, a.shape), 'getitem', [enc(a)], {'subscript': subs}, lambda: np.array(eval(py)))
case('getitem out of range', 'getitem', [enc(farr(4))], {'subscript': '4'}, lambda: farr(4)[4])
case('getitem too many', 'getitem', [enc(farr(4))], {'subscript': '1, 2'}, lambda: farr(4)[1, 2])
for subs, vshape in [('1:-1, 1:-1', (3, 3)), ('::2, :', (5,)), ('0, :', ()), (':, ::-1', (1, 5)), ('1:3, 2', (2,))]:
    a = farr(5, 5)
    v = farr(*vshape) if vshape else 7.25

    def setitem(a=a, subs=subs, v=v):
        b = a.copy()
        exec('b[%s] = v' % subs)
        return b
    case('setitem %s from %s' % (subs, vshape), 'setitem', [enc(a), enc(v) if vshape else scal(v)],
         {'subscript': subs}, setitem)
a = farr(3, 1)
v = farr(3, 4)
case('setitem cannot broadcast', 'setitem', [enc(a), enc(v)], {'subscript': ':, :'},
     lambda: (lambda b: (b.__setitem__((slice(None), slice(None)), v), b)[1])(a.copy()))
a = farr(6)
case('setitem overlapping', 'setitem_self', [enc(a)], {'subscript': '1:', 'source': ':-1'},
     lambda: (lambda b: (b.__setitem__(slice(1, None), b[:-1]), b)[1])(a.copy()))
for shape, new in [((3, 4), (4, 3)), ((3, 4), (-1,)), ((2, 3, 4), (6, -1)), ((12,), (2, 2, 3)), ((3, 4), (5, -1)),
                   ((0, 4), (-1, 2))]:
    a = farr(*shape)
    case('reshape %s -> %s' % (shape, new), 'reshape', [enc(a)], {'shape': list(new)}, lambda: a.reshape(new))
a = farr(4, 6)
case('reshape of a strided view', 'reshape_view', [enc(a)], {'subscript': '::2, 1:5', 'shape': [8]},
     lambda: a[::2, 1:5].reshape(8))
for shape in [(3, 4), (2, 3, 4), (5,)]:
    a = farr(*shape)
    case('transpose %s' % (shape,), 'transpose', [enc(a)], {}, lambda: a.T)
for shapes, ax in [([(2, 3), (4, 3)], 0), ([(2, 3), (2, 1)], 1), ([(3,), (0,), (2,)], 0), ([(2, 3), (2, 3)], -1),
                   ([(2, 3), (3, 3)], 1), ([(2, 3), (2,)], 0), ([(2, 2), (2, 2)], 2)]:
    xs = [farr(*s) for s in shapes]
    xs[-1] = xs[-1].astype(np.int64) if len(xs) > 2 else xs[-1]
    case('concatenate %s axis=%s' % (shapes, ax), 'concatenate', [enc(x) for x in xs], {'axis': ax},
         lambda: np.concatenate(xs, axis=ax))
for shapes, ax in [([(2, 3), (2, 3)], 0), ([(2, 3), (2, 3), (2, 3)], 1), ([(4,), (4,)], -1), ([(2, 3), (3, 2)], 0),
                   ([(3,), (3,)], 2)]:
    xs = [farr(*s) for s in shapes]
    case('stack %s axis=%s' % (shapes, ax), 'stack', [enc(x) for x in xs], {'axis': ax}, lambda: np.stack(xs, axis=ax))
for shape, sh, ax in [((7,), 2, 0), ((7,), -3, 0), ((3, 4), 1, 0), ((3, 4), -1, 1), ((3, 4), 5, None), ((3, 4), 0, 1),
                      ((3, 4), 13, 1), ((2, 3), 1, 2)]:
    a = iarr(*shape)
    case('roll %s by %s axis=%s' % (shape, sh, ax), 'roll', [enc(a)], {'shift': sh, 'axis': ax},
         lambda: np.roll(a, sh, axis=ax))

# ---------------------------------------------------------------- linear algebra
for sa, sb in [((5,), (5,)), ((4, 5), (5,)), ((5,), (5, 3)), ((4, 5), (5, 3)), ((40, 30), (30, 20)), ((4, 5), (4,)),
               ((0, 3), (3, 2)), ((3, 0), (0, 2))]:
    a = farr(*sa)
    b = farr(*sb)
    case('matmul %s %s' % (sa, sb), 'matmul', [enc(a), enc(b)], {}, lambda: np.matmul(a, b), 'contract')
    case('dot %s %s' % (sa, sb), 'dot', [enc(a), enc(b)], {}, lambda: np.dot(a, b), 'contract')
a, b = iarr(4, 5), iarr(5, 3)
case('matmul int64', 'matmul', [enc(a), enc(b)], {}, lambda: np.matmul(a, b))
for shape in [(7,), (3, 4), (200,)]:
    a = farr(*shape)
    case('norm %s' % (shape,), 'norm', [enc(a)], {}, lambda: np.linalg.norm(a), 'contract')
a = iarr(3, 4)
case('norm int64', 'norm', [enc(a)], {}, lambda: np.linalg.norm(a), 'contract')

# ---------------------------------------------------------------- creation
for start, stop, num in [(0.0, 2.0, 41), (-1.0, 1.0, 7), (0.0, 1.0, 1), (1.0, 1.0, 5), (0.0, 3.0, 0)]:
    case('linspace %s %s %s' % (start, stop, num), 'linspace', [], {'start': start, 'stop': stop, 'num': num},
         lambda: np.linspace(start, stop, num))
for n in (0, 1, 9):
    case('arange %d' % n, 'arange', [], {'n': n}, lambda: np.arange(n))

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, 'w') as f:
    json.dump({'numpy': np.__version__, 'cases': cases}, f, separators=(',', ':'))
    f.write('\n')
print('skipped (dtype outside the subset): ' + '; '.join(skipped), file=sys.stderr)
print('%d cases (%d errors) -> %s' % (len(cases), sum('error' in c for c in cases), os.path.normpath(OUT)),
      file=sys.stderr)
