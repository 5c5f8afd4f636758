/**
 * The adapter between the array library and legion-runtime: the one place where Apophenia meets this
 * runtime, and the example to copy when bringing Apophenia to another one (Legion's counterpart is its
 * {@code AutoTracing<T>} mixin). Public API:
 * <ul>
 *   <li>{@link org.apophenia.samples.adapter.RuntimeAdapter}: where operations enter ({@code issue})
 *       and where the program blocks ({@code awaitResult}, {@code awaitIssued}, {@code blockingWait});
 *       its {@code builder} wires the runtime, the trace engine, Apophenia's interceptor (from one
 *       {@code ApopheniaSettings}) and the sink for the mode; the hand-placed annotations of
 *       {@code manual} mode; what was issued ({@code stats()}) and the issuing thread's time account;</li>
 *   <li>{@link org.apophenia.samples.adapter.ArrayTokenizer}: Apophenia's {@code Tokenizer} for array
 *       operations, hashing what the runtime's dependence analysis looks at;</li>
 *   <li>{@link org.apophenia.samples.adapter.IssueCounts}: the adapter's counters, read by name;</li>
 *   <li>{@link org.apophenia.samples.adapter.ArrayOp}: an array operation as a value (an index launch
 *       over the arrays' tiles with its region requirements), what the array library issues, and
 *       {@link org.apophenia.samples.adapter.Mode}: none, manual or auto.</li>
 * </ul>
 * Package-private: {@code RuntimeSink}, Apophenia's {@code TraceSink} into the runtime (an index launch
 * per operation, the runtime's trace begin/end per marker), which also counts what the runtime
 * received and checks that every occurrence of a trace repeats its first. The adapter does not know the
 * array library: the library builds {@code ArrayOp}s and hands them over.
 */
package org.apophenia.samples.adapter;
