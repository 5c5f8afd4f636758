/**
 * The issuing thread's time account: where its real time goes, in disjoint {@link
 * org.apophenia.autotrace.accounting.Bucket}s that add up to the wall time ({@link
 * org.apophenia.autotrace.accounting.TimeAccount}, exact or sampled inside spans with {@link
 * org.apophenia.autotrace.accounting.SpanSampler}), and {@link
 * org.apophenia.autotrace.accounting.Observed}, the decorator that charges an observer's calls to the
 * observe bucket.
 *
 * <p><b>Not the middleware's API.</b> Nothing in trace detection reads a clock: the interceptor
 * measures nothing unless its builder is given an account, and then a decorator chosen once at build
 * time charges its stages (tokenize, match, ingest, its listener's calls to observe); without one
 * the per-operation path holds no accounting code at all.
 *
 * <p><b>Why the runtime's buckets live here.</b> The buckets must be one closed set with one account
 * per thread: every nanosecond lands in exactly one of them, so that they add up to the wall time
 * and the reports can say what share each activity took. Four of them are the runtime's activities
 * (analysis, replay, kernel) or the program's (other), charged not by Apophenia but by the layer that
 * runs them on the issuing thread: a runtime adapter ({@code samples}' front-door sink and kernels)
 * and the command line (parsing, reports). Those layers meet only here: the runtime modules know
 * neither Apophenia nor each other's front ends, and the adapter and the command line both depend on
 * this module. Defining each bucket in the layer that charges it would split the set over modules
 * that cannot see each other and lose the one order the reports print them in ({@code tokenize
 * match ingest analysis replay kernel observe other}). So the set is defined once, here, beside the
 * account, and this package depends on nothing else in the module.
 */
package org.apophenia.autotrace.accounting;
