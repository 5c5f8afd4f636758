/**
 * NumPy programs written elsewhere, ported line for line to {@link org.apophenia.samples.numpy.Np}
 * and run as samples: Barba's cavity flow and Hill's heat diffusion. Their NumPy originals are under
 * {@code tools/numpy}. Public API: {@link org.apophenia.samples.ports.PortedSample}, the base class
 * that makes an {@code Np} program a {@code Sample} (and marks its iteration boundaries),
 * {@link org.apophenia.samples.ports.NpProgram}, the same with a default for everything but the
 * program (what {@code apophenia run --class} runs), and the two ports, {@link org.apophenia.samples.ports.Cavity} and {@link org.apophenia.samples.ports.Heat}.
 */
package org.apophenia.samples.ports;
