/**
 * Dynamic tracing (Lee et al., SC18): records the dependence analysis of a trace as graph-calculus
 * commands once, and replays it when the same operations recur and its precondition holds.
 */
package org.apophenia.replay;
