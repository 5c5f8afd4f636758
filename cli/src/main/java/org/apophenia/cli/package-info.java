/**
 * The {@code apophenia} command line ({@link org.apophenia.cli.Main} and one class per subcommand),
 * with what only the command line needs: reading captured task streams ({@code streams}), reports
 * ({@code report}), the bench harness ({@code bench}) and the paper's figures ({@code figures}).
 * Beside the commands: {@code ApopheniaFlags} (the knobs as flags, on run, analyze, demo and bench) and
 * {@code KnobTable} (README's table of them); {@code MarkedStream} ({@code analyze --emit markers});
 * {@code ExplainLog} ({@code --explain}); {@code ReplayCheck} ({@code analyze --safe-tracing}).
 */
package org.apophenia.cli;
