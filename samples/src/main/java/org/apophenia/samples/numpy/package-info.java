/**
 * A NumPy subset over {@link org.apophenia.samples.array.ArrayContext}: N-dimensional float64, int64
 * and bool arrays with NumPy's broadcasting, promotion, views, reductions and structural functions,
 * each operation an index launch whose region requirements bound what it touches, and lifetimes
 * recovered without memory calls. Entry point: {@link org.apophenia.samples.numpy.Np}.
 */
package org.apophenia.samples.numpy;
