package org.apophenia.cli;

import java.nio.file.Path;
import org.apophenia.cli.streams.InputException;
import org.apophenia.cli.streams.MalformedStreamException;
import org.apophenia.cli.streams.TextInput;
import org.apophenia.sim.machine.Machine;
import org.apophenia.sim.machine.MachineFile;
import org.apophenia.sim.machine.MachineFileException;

/**
 * Reads a machine file for {@code machines --validate} and {@code run --machine}, so that both accept
 * exactly the same files: the text through {@link TextInput} (UTF-8, no NUL bytes), the machine through
 * {@link MachineFile#parse}, which refuses any machine the runtime cannot simulate. Every problem is a
 * {@link UserError} {@code FILE: where: problem}.
 */
final class MachineFiles {
  private MachineFiles() {}

  static Machine read(String flag, Path file) {
    String text;
    try {
      text = TextInput.readDocument(file);
    } catch (InputException | MalformedStreamException e) {
      throw new UserError(flag + ": " + e.getMessage(), e);
    }
    try {
      return MachineFile.parse(text);
    } catch (MachineFileException e) {
      throw new UserError(file + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new UserError(file + ": " + e.getMessage(), e);
    }
  }
}
