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
 * {@link UserError} {@code FLAG FILE: where: problem}, the flag and the file as typed.
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
      if (e.path().equals("$") && e.problem().startsWith("expected an object, got an array")) {
        // what machines --json printed for several machines, or an older machines --json
        throw new UserError(flag + " " + file + ": holds a JSON array; a machine file is one machine, one object: "
            + "write one with 'apophenia machines --json NAME > FILE'", e);
      }
      throw new UserError(flag + " " + file + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new UserError(flag + " " + file + ": " + e.getMessage(), e);
    }
  }
}
