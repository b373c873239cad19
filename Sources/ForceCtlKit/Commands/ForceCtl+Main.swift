import ArgumentParser
import ForceTrace
import Foundation

extension ForceCtl {
  /// Runs `forcectl` with the process's arguments, parsed once; when they do not parse,
  /// a mistyped subcommand gets a did-you-mean before anything else, then a mistyped
  /// option. (Arguments that parse have neither: no command with subcommands takes
  /// positional arguments.)
  /// Ctrl-C (SIGINT), SIGTERM and SIGHUP remove the temporary file of an output being
  /// written, wherever the command is.
  public static func main() {
    Interrupt.removeTemporariesOnSignals()
    let arguments = Array(CommandLine.arguments.dropFirst())
    var command: ParsableCommand
    do {
      command = try ForceCtl.parseAsRoot(arguments)
    } catch {
      if let message = unknownSubcommand(in: arguments) ?? unknownOption(in: arguments) {
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        Foundation.exit(ExitCode.validationFailure.rawValue)
      }
      exit(withError: error)
    }
    do { try command.run() } catch { exit(withError: error) }
  }

  /// "unknown option '--inptu' for 'forcectl sim run' (did you mean '--input'?) …" for
  /// the first `--name` the command does not have; nil when every one is known. Asked
  /// only when the arguments do not parse: swift-argument-parser reports a missing
  /// required option before an unknown one, and suggests nothing.
  public static func unknownOption(in arguments: [String]) -> String? {
    var command: ParsableCommand.Type = ForceCtl.self
    var path = ["forcectl"]
    var words = arguments[...]
    while let word = words.first, let next = command.configuration.subcommands.first(where: { $0._commandName == word })
    {
      command = next
      path.append(word)
      words = words.dropFirst()
    }
    // Every --name its help shows (options, and any named in its text).
    let help = command.helpMessage(columns: 10_000)
    // swift-argument-parser's own, which no help shows.
    var known: Set = ["--help", "--version", "--generate-completion-script", "--experimental-dump-help"]
    for token in help.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }) where token.hasPrefix("--")
    {
      known.insert(String(token))
    }
    for word in words {
      if word == "--" { break }
      guard word.hasPrefix("--") else { continue }
      let name = String(word.split(separator: "=", maxSplits: 1)[0])
      guard !known.contains(name) else { continue }
      let all = path.joined(separator: " ")
      return "unknown option \(TextInput.quoted(name)) for '\(all)'"
        + Suggestion.hint(for: name, among: known.sorted()) + "; see '\(all) --help' for its options"
    }
    return nil
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
