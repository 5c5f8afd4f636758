package org.apophenia.samples.ports;

import java.util.List;
import org.apophenia.samples.apps.SampleCheckException;
import org.apophenia.samples.numpy.Np;
import org.apophenia.samples.numpy.NpArray;

/**
 * Two-dimensional heat diffusion in a steel plate with a hot disc (Christian Hill, scipython.com),
 * ported line for line from the NumPy original kept in {@code tools/numpy/heat.py}; each statement
 * carries the Python line it ports. One deviation: the original sets the disc's initial temperature
 * element by element into a NumPy array; the port runs the same loops over a host array and hands it
 * to {@code np.array} once (element-wise launches would be a thousand setup operations). One sample
 * iteration is one call of {@code do_timestep}. Size is {@code nx = ny} (100 in the original; other
 * sizes make the plate {@code size * dx} wide and scale the disc with it).
 */
public final class Heat extends PortedSample {
  private final double dx = 0.1;
  private final double dy = 0.1;
  private final double d = 4.;
  private final long tcool = 300;
  private final long thot = 700;
  private double dx2;
  private double dy2;
  private double dt;
  private NpArray u0;
  private NpArray u;

  @Override public String name() { return "heat"; }
  @Override public String description() { return "2-D heat diffusion in a plate (scipython.com), a NumPy port"; }
  @Override public int defaultSize() { return 100; }
  @Override public int defaultIterations() { return 500; }
  @Override public int manualTraceIterations() { return 2; }
  @Override public int manualTraceStart() { return 2; }

  @Override
  protected void setup(Np np, int size) {
    double w = size == 100 ? 10. : size * dx;           // w = h = 10.
    double h = w;
    int nx = (int) (w / dx);                            // nx, ny = int(w/dx), int(h/dy)
    int ny = (int) (h / dy);
    dx2 = dx * dx;                                      // dx2, dy2 = dx*dx, dy*dy
    dy2 = dy * dy;
    dt = dx2 * dy2 / (2 * d * (dx2 + dy2));             // dt = dx2 * dy2 / (2 * D * (dx2 + dy2))
    double[] init = new double[nx * ny];                // u0 = Tcool * np.ones((nx, ny)), on the host
    java.util.Arrays.fill(init, tcool * 1.0);
    double r = w / 5;                                   // r, cx, cy = 2, 5, 5 (scaled with the plate when size != 100)
    double cx = w / 2;
    double cy = h / 2;
    double r2 = Math.pow(r, 2);                         // r2 = r**2
    for (int i = 0; i < nx; i++) {                      // for i in range(nx):
      for (int j = 0; j < ny; j++) {                    //     for j in range(ny):
        double p2 = Math.pow(i * dx - cx, 2) + Math.pow(j * dy - cy, 2);  // p2 = (i*dx-cx)**2 + (j*dy-cy)**2
        if (p2 < r2) {                                  //         if p2 < r2:
          init[i * ny + j] = thot;                      //             u0[i,j] = Thot
        }
      }
    }
    u0 = np.array(init, nx, ny);
    u = np.ones(nx, ny).mul(tcool);                     // u = u0.copy() (of the uniform Tcool field)
  }

  /** {@code do_timestep(u0, u)}: returns the new {@code (u0, u)}. */
  private NpArray[] doTimestep(NpArray u0, NpArray u) {
    u.set("1:-1, 1:-1", u0.at("1:-1, 1:-1").add(         // u[1:-1, 1:-1] = u0[1:-1, 1:-1] + D * dt * (
        u0.at("2:, 1:-1").sub(u0.at("1:-1, 1:-1").mul(2)).add(u0.at(":-2, 1:-1")).div(dx2)  // (u0[2:, 1:-1] - 2*u0[1:-1, 1:-1] + u0[:-2, 1:-1])/dx2
            .add(u0.at("1:-1, 2:").sub(u0.at("1:-1, 1:-1").mul(2)).add(u0.at("1:-1, :-2")).div(dy2))  // + (u0[1:-1, 2:] - 2*u0[1:-1, 1:-1] + u0[1:-1, :-2])/dy2 )
            .mul(d * dt)));
    u0 = u.copy();                                      // u0 = u.copy()
    return new NpArray[] {u0, u};                       // return u0, u
  }

  @Override
  protected void step(Np np, int m) {                   // for m in range(nsteps):
    NpArray[] r = doTimestep(u0, u);                    //     u0, u = do_timestep(u0, u)
    u0 = r[0];
    u = r[1];
  }

  @Override
  protected List<NpArray> resultArrays() {
    return List.of(u);
  }

  @Override
  protected String verify(Np np) {
    double max = u.max().item();
    double min = u.min().item();
    SampleCheckException.require(min >= tcool && max <= thot && max > tcool,
        "heat: temperatures left [" + tcool + ", " + thot + "]: min " + min + ", max " + max);
    return String.format("T in [%.6g, %.6g], mean %.6g", min, max, u.mean().item());
  }
}
