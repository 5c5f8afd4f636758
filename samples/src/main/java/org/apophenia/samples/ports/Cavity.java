package org.apophenia.samples.ports;

import java.util.List;
import org.apophenia.samples.apps.SampleCheckException;
import org.apophenia.samples.numpy.Np;
import org.apophenia.samples.numpy.NpArray;

/**
 * Lid-driven cavity flow, step 11 of Barba's "12 steps to Navier-Stokes", ported line for line from
 * the NumPy original kept in {@code tools/numpy/cavity.py} (each statement carries the Python line it
 * ports). Python's left-to-right evaluation is kept operation for operation, so the results are
 * NumPy's bit for bit. One sample iteration is one time step ({@code n}); the pressure Poisson solve
 * inside it runs {@code nit = 50} sub-iterations. Size is {@code nx = ny}.
 */
public final class Cavity extends PortedSample {
  static final int NIT = 50;

  private int nx;
  private int ny;
  private double dx;
  private double dy;
  private final long rho = 1;
  private final double nu = .1;
  private final double dt = .001;
  private NpArray u;
  private NpArray v;
  private NpArray p;
  private NpArray b;
  private NpArray un;
  private NpArray vn;

  @Override public String name() { return "cavity"; }
  @Override public String description() { return "Barba's cavity flow (12 steps to Navier-Stokes, step 11), a NumPy port"; }
  @Override public int defaultSize() { return 41; }
  @Override public int defaultIterations() { return 100; }
  @Override public int manualTraceIterations() { return 2; }
  @Override public int manualTraceStart() { return 2; }

  @Override
  protected void setup(Np np, int size) {
    nx = size;                                           // nx = 41
    ny = nx;                                             // ny = 41
    dx = 2.0 / (nx - 1);                                 // dx = 2 / (nx - 1)
    dy = 2.0 / (ny - 1);                                 // dy = 2 / (ny - 1)
    u = np.zeros(ny, nx);                                // u = numpy.zeros((ny, nx))
    v = np.zeros(ny, nx);                                // v = numpy.zeros((ny, nx))
    p = np.zeros(ny, nx);                                // p = numpy.zeros((ny, nx))
    un = np.emptyLike(u);                                // un = numpy.empty_like(u)
    vn = np.emptyLike(v);                                // vn = numpy.empty_like(v)
    b = np.zeros(ny, nx);                                // b = numpy.zeros((ny, nx))
  }

  /** {@code build_up_b(b, rho, dt, u, v, dx, dy)}. */
  private NpArray buildUpB(NpArray b, long rho, double dt, NpArray u, NpArray v, double dx, double dy) {
    b.set("1:-1, 1:-1",
        u.at("1:-1, 2:").sub(u.at("1:-1, 0:-2")).div(2 * dx)             // (rho * (1 / dt * ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx)
            .add(v.at("2:, 1:-1").sub(v.at("0:-2, 1:-1")).div(2 * dy))   //   + (v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))
            .mul(1 / dt)
            .sub(u.at("1:-1, 2:").sub(u.at("1:-1, 0:-2")).div(2 * dx).pow(2))   // - ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx))**2
            .sub(u.at("2:, 1:-1").sub(u.at("0:-2, 1:-1")).div(2 * dy)           // - 2 * ((u[2:, 1:-1] - u[0:-2, 1:-1]) / (2 * dy) *
                .mul(v.at("1:-1, 2:").sub(v.at("1:-1, 0:-2"))).div(2 * dx)      //   (v[1:-1, 2:] - v[1:-1, 0:-2]) / (2 * dx))
                .mul(2))
            .sub(v.at("2:, 1:-1").sub(v.at("0:-2, 1:-1")).div(2 * dy).pow(2))   // - ((v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))**2))
            .mul(rho));
    return b;
  }

  /** {@code pressure_poisson(p, dx, dy, b)}. */
  private NpArray pressurePoisson(Np np, NpArray p, double dx, double dy, NpArray b) {
    NpArray pn = np.emptyLike(p);                        // pn = numpy.empty_like(p)
    pn = p.copy();                                       // pn = p.copy()
    for (int q = 0; q < NIT; q++) {                      // for q in range(nit):
      pn = p.copy();                                     //     pn = p.copy()
      p.set("1:-1, 1:-1",                                //     p[1:-1, 1:-1] = (
          pn.at("1:-1, 2:").add(pn.at("1:-1, 0:-2")).mul(Math.pow(dy, 2))      // ((pn[1:-1, 2:] + pn[1:-1, 0:-2]) * dy**2 +
              .add(pn.at("2:, 1:-1").add(pn.at("0:-2, 1:-1")).mul(Math.pow(dx, 2)))  // (pn[2:, 1:-1] + pn[0:-2, 1:-1]) * dx**2) /
              .div(2 * (Math.pow(dx, 2) + Math.pow(dy, 2)))                    // (2 * (dx**2 + dy**2)) -
              .sub(b.at("1:-1, 1:-1").mul(Math.pow(dx, 2) * Math.pow(dy, 2)    // dx**2 * dy**2 / (2 * (dx**2 + dy**2)) *
                  / (2 * (Math.pow(dx, 2) + Math.pow(dy, 2))))));              // b[1:-1,1:-1])
      p.set(":, -1", p.at(":, -2"));                     //     p[:, -1] = p[:, -2] # dp/dx = 0 at x = 2
      p.set("0, :", p.at("1, :"));                       //     p[0, :] = p[1, :]   # dp/dy = 0 at y = 0
      p.set(":, 0", p.at(":, 1"));                       //     p[:, 0] = p[:, 1]   # dp/dx = 0 at x = 0
      p.set("-1, :", 0);                                 //     p[-1, :] = 0        # p = 0 at y = 2
    }
    return p;                                            // return p
  }

  @Override
  protected void step(Np np, int n) {                    // for n in range(nt):
    un = u.copy();                                       //     un = u.copy()
    vn = v.copy();                                       //     vn = v.copy()
    b = buildUpB(b, rho, dt, u, v, dx, dy);              //     b = build_up_b(b, rho, dt, u, v, dx, dy)
    p = pressurePoisson(np, p, dx, dy, b);               //     p = pressure_poisson(p, dx, dy, b)
    u.set("1:-1, 1:-1", un.at("1:-1, 1:-1")             //     u[1:-1, 1:-1] = (un[1:-1, 1:-1] -
        .sub(un.at("1:-1, 1:-1").mul(dt).div(dx)         //  un[1:-1, 1:-1] * dt / dx *
            .mul(un.at("1:-1, 1:-1").sub(un.at("1:-1, 0:-2"))))      // (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
        .sub(vn.at("1:-1, 1:-1").mul(dt).div(dy)         //  vn[1:-1, 1:-1] * dt / dy *
            .mul(un.at("1:-1, 1:-1").sub(un.at("0:-2, 1:-1"))))      // (un[1:-1, 1:-1] - un[0:-2, 1:-1]) -
        .sub(p.at("1:-1, 2:").sub(p.at("1:-1, 0:-2")).mul(dt / (2 * rho * dx)))  // dt / (2 * rho * dx) * (p[1:-1, 2:] - p[1:-1, 0:-2]) +
        .add(un.at("1:-1, 2:").sub(un.at("1:-1, 1:-1").mul(2)).add(un.at("1:-1, 0:-2"))  // nu * (dt / dx**2 *
            .mul(dt / Math.pow(dx, 2))                   //  (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
            .add(un.at("2:, 1:-1").sub(un.at("1:-1, 1:-1").mul(2)).add(un.at("0:-2, 1:-1"))
                .mul(dt / Math.pow(dy, 2)))              //  dt / dy**2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1])))
            .mul(nu)));
    v.set("1:-1, 1:-1", vn.at("1:-1, 1:-1")             //     v[1:-1,1:-1] = (vn[1:-1, 1:-1] -
        .sub(un.at("1:-1, 1:-1").mul(dt).div(dx)         //  un[1:-1, 1:-1] * dt / dx *
            .mul(vn.at("1:-1, 1:-1").sub(vn.at("1:-1, 0:-2"))))      // (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
        .sub(vn.at("1:-1, 1:-1").mul(dt).div(dy)         //  vn[1:-1, 1:-1] * dt / dy *
            .mul(vn.at("1:-1, 1:-1").sub(vn.at("0:-2, 1:-1"))))      // (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) -
        .sub(p.at("2:, 1:-1").sub(p.at("0:-2, 1:-1")).mul(dt / (2 * rho * dy)))  // dt / (2 * rho * dy) * (p[2:, 1:-1] - p[0:-2, 1:-1]) +
        .add(vn.at("1:-1, 2:").sub(vn.at("1:-1, 1:-1").mul(2)).add(vn.at("1:-1, 0:-2"))  // nu * (dt / dx**2 *
            .mul(dt / Math.pow(dx, 2))                   //  (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
            .add(vn.at("2:, 1:-1").sub(vn.at("1:-1, 1:-1").mul(2)).add(vn.at("0:-2, 1:-1"))
                .mul(dt / Math.pow(dy, 2)))              //  dt / dy**2 * (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1])))
            .mul(nu)));
    u.set("0, :", 0);                                    //     u[0, :]  = 0
    u.set(":, 0", 0);                                    //     u[:, 0]  = 0
    u.set(":, -1", 0);                                   //     u[:, -1] = 0
    u.set("-1, :", 1);                                   //     u[-1, :] = 1    # set velocity on cavity lid equal to 1
    v.set("0, :", 0);                                    //     v[0, :]  = 0
    v.set("-1, :", 0);                                   //     v[-1, :] = 0
    v.set(":, 0", 0);                                    //     v[:, 0]  = 0
    v.set(":, -1", 0);                                   //     v[:, -1] = 0
  }

  @Override
  protected List<NpArray> resultArrays() {
    return List.of(u, v, p);                             // return u, v, p
  }

  @Override
  protected String verify(Np np) {
    double lid = u.at("-1, :").min().item();
    double umax = np.unary(org.apophenia.samples.numpy.UnaryUfunc.ABSOLUTE, u.at("1:-1, 1:-1")).max().item();
    double vmax = np.unary(org.apophenia.samples.numpy.UnaryUfunc.ABSOLUTE, v).max().item();
    SampleCheckException.require(lid == 1.0, "cavity: the lid moves at " + lid + ", not 1");
    SampleCheckException.require(Double.isFinite(umax) && umax < 1 && Double.isFinite(vmax) && vmax < 1,
        "cavity: interior velocities are not below the lid's: max|u| = " + umax + ", max|v| = " + vmax);
    return String.format("max|u| interior = %.4g, max|v| = %.4g", umax, vmax);
  }
}
