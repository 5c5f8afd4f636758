/**
 * NumPy-like array programs that never mention tracing, and what runs them. Its rooms:
 * <ul>
 *   <li>{@code array}: the array library a program calls ({@code ArrayContext}, {@code NdArray},
 *       {@code Scalar});</li>
 *   <li>{@code adapter}: where the library's operations enter legion-runtime and its program blocks,
 *       the one place where Apophenia meets the runtime ({@code RuntimeAdapter});</li>
 *   <li>{@code apps}: the {@code Sample} contract, the sample programs and the driver that runs one
 *       in a mode ({@code SampleRunner});</li>
 *   <li>{@code numpy}: an N-d NumPy subset over {@code array} ({@code Np}, {@code NpArray});</li>
 *   <li>{@code ports}: NumPy programs written elsewhere, ported to {@code numpy}.</li>
 * </ul>
 * A program imports {@code array} (or {@code numpy}) and the {@code Sample} contract, nothing else.
 * The command line that runs the samples lives in the {@code cli} module.
 */
package org.apophenia.samples;
