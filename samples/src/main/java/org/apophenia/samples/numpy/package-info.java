/**
 * A NumPy subset over {@link org.apophenia.samples.array.ArrayContext} (through its {@code
 * Extension}): N-dimensional float64, int64 and bool arrays with NumPy's broadcasting, promotion,
 * views, reductions and structural functions, each operation an index launch whose region
 * requirements bound what it touches, and lifetimes recovered without memory calls. Public API:
 * <ul>
 *   <li>{@link org.apophenia.samples.numpy.Np}, the module ({@code np}): creation, the functions,
 *       optional early release, the driver's iteration boundary and {@code stats()};</li>
 *   <li>{@link org.apophenia.samples.numpy.NpArray}, the array, and the vocabulary its functions take:
 *       {@link org.apophenia.samples.numpy.DType}, {@link org.apophenia.samples.numpy.Slice},
 *       {@link org.apophenia.samples.numpy.UnaryUfunc}, {@link org.apophenia.samples.numpy.BinaryUfunc},
 *       {@link org.apophenia.samples.numpy.Reduction};</li>
 *   <li>{@link org.apophenia.samples.numpy.MemoryStats}: what the module's memory did, by name.</li>
 * </ul>
 * Everything else (geometry, buffers and their pool, lifetimes and the walk of a program's fields,
 * launches, task bodies, reading back) is package-private.
 */
package org.apophenia.samples.numpy;
