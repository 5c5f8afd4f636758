/**
 * NumPy programs written elsewhere, ported line for line to {@link org.apophenia.samples.numpy.Np}
 * and run as samples: Barba's cavity flow and Hill's heat diffusion. Their NumPy originals are under
 * {@code tools/numpy}.
 */
package org.apophenia.samples.ports;
