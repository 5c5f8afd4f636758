#!/usr/bin/env python3
"""Two-dimensional heat diffusion in a steel plate with a hot disc, Christian Hill's "The
two-dimensional diffusion equation" (Learning Scientific Programming with Python, scipython.com,
https://scipython.com/book/chapter-7-matplotlib/examples/the-two-dimensional-diffusion-equation/),
kept as published apart from the plotting: the NumPy original that
org.apophenia.samples.ports.Heat ports line for line.
`python3 tools/numpy/heat.py [nsteps]` prints the SHA-256 of u (big-endian float64 bits: what
`bin/apophenia run heat` reports as its checksum)."""
import hashlib
import sys

import numpy as np

# plate size, mm
w = h = 10.
# intervals in x-, y- directions, mm
dx = dy = 0.1
# Thermal diffusivity of steel, mm2.s-1
D = 4.

Tcool, Thot = 300, 700

nx, ny = int(w/dx), int(h/dy)

dx2, dy2 = dx*dx, dy*dy
dt = dx2 * dy2 / (2 * D * (dx2 + dy2))

u0 = Tcool * np.ones((nx, ny))
u = u0.copy()

# Initial conditions - circle of radius r centred at (cx,cy) (mm)
r, cx, cy = 2, 5, 5
r2 = r**2
for i in range(nx):
    for j in range(ny):
        p2 = (i*dx-cx)**2 + (j*dy-cy)**2
        if p2 < r2:
            u0[i,j] = Thot

def do_timestep(u0, u):
    # Propagate with forward-difference in time, central-difference in space
    u[1:-1, 1:-1] = u0[1:-1, 1:-1] + D * dt * (
          (u0[2:, 1:-1] - 2*u0[1:-1, 1:-1] + u0[:-2, 1:-1])/dx2
          + (u0[1:-1, 2:] - 2*u0[1:-1, 1:-1] + u0[1:-1, :-2])/dy2 )

    u0 = u.copy()
    return u0, u

# Number of timesteps
nsteps = int(sys.argv[1]) if len(sys.argv) > 1 else 101
for m in range(nsteps):
    u0, u = do_timestep(u0, u)

if __name__ == '__main__':
    digest = hashlib.sha256(u.astype('>f8').tobytes()).hexdigest()
    print(digest, 'max %.17g min %.17g mean %.17g' % (u.max(), u.min(), u.mean()))
