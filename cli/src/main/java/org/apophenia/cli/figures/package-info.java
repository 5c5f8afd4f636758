/**
 * The Apophenia paper's Figures 6–9 regenerated in simulation ({@code apophenia figures}): which runs
 * make each figure ({@link org.apophenia.cli.figures.PaperFigures}), the problem sizes, how a run's
 * steady-state throughput is measured, the paper's shapes checked on the points, and the PNG, CSV and
 * table of each figure.
 */
package org.apophenia.cli.figures;
