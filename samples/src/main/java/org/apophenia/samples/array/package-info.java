/**
 * A NumPy-like array library over legion-runtime's logical regions: 1-D and 2-D float64 arrays, each
 * operation one index launch over the arrays' tiles (row blocks), computed by the launch's task bodies.
 * Public API, by who uses it:
 * <ul>
 *   <li>programs: {@link org.apophenia.samples.array.ArrayContext} (making arrays, naming them and
 *       letting them die, reductions), {@link org.apophenia.samples.array.NdArray} (operations, views,
 *       reading values back), {@link org.apophenia.samples.array.Scalar} (a reduction's future, whose
 *       {@code get()} waits) and {@link org.apophenia.samples.array.Shape};</li>
 *   <li>array libraries built over this one (the N-d NumPy subset, {@code samples.numpy}):
 *       {@link org.apophenia.samples.array.Extension}, and {@link org.apophenia.samples.array.PoolGrowth}
 *       where their pools report the regions they create;</li>
 *   <li>the driver ({@code samples.apps.SampleRunner}): {@link org.apophenia.samples.array.PoolGrowth},
 *       the iterations and the warnings of a pool that only grows.</li>
 * </ul>
 * Every operation goes out as an {@code ArrayOp} value to the adapter ({@code samples.adapter}), which
 * decides by its {@code Mode} where it goes: the library depends on the adapter, never the reverse.
 * Package-private: {@code Operations} (each operation's launch), {@code ArrayLifetimes} (where arrays are
 * made and die, over the {@code RegionPool} and each region's {@code Storage}), {@code Kernels} and
 * {@code TileLoops} (the task bodies), {@code BinaryOp} and {@code UnaryOp}. Programs never mention
 * tracing: every launch goes through the adapter, and the library names Apophenia only for the issuing
 * thread's time account, which charges the task bodies to the kernel bucket.
 */
package org.apophenia.samples.array;
