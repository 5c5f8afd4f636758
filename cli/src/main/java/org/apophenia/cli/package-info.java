/**
 * The {@code apophenia} command line ({@link org.apophenia.cli.Main} and one class per subcommand),
 * with what only the command line needs: reading captured task streams ({@code streams}), reports
 * ({@code report}), the bench harness ({@code bench}) and the paper's figures ({@code figures}).
 */
package org.apophenia.cli;
