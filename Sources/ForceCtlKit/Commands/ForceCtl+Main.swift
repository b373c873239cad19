import ArgumentParser
import ForceTrace
import Foundation

extension ForceCtl {
  /// Runs `forcectl` with the process's arguments; a mistyped subcommand gets a
  /// did-you-mean before anything else is parsed.
  /// Ctrl-C (SIGINT), SIGTERM and SIGHUP remove the temporary file of an output being
  /// written, wherever the command is.
  public static func main() {
    Interrupt.removeTemporariesOnSignals()
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let message = unknownSubcommand(in: arguments) {
      FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    main(arguments)
  }

  /// "unknown command 'X' for 'forcectl sim' (did you mean 'study'?) …" when the words
  /// before the first option name a command that does not exist; nil otherwise.
  public static func unknownSubcommand(in arguments: [String]) -> String? {
    var command: ParsableCommand.Type = ForceCtl.self
    var path = ["forcectl"]
    for word in arguments {
      let subcommands = command.configuration.subcommands
      if word.hasPrefix("-") || subcommands.isEmpty || word == "help" { return nil }
      let names = subcommands.map { $0._commandName }
      guard let index = names.firstIndex(of: word) else {
        let all = path.joined(separator: " ")
        return "unknown command \(TextInput.quoted(word)) for '\(all)'"
          + Suggestion.hint(for: word, among: names) + "; see '\(all) --help' for the commands"
      }
      command = subcommands[index]
      path.append(word)
    }
    return nil
  }
}
