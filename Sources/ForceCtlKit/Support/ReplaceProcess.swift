import Foundation

/// Runs another program in place of `forcectl` (signals and the terminal go straight
/// to it).
enum ReplaceProcess {
  static func exec(_ path: String, _ arguments: [String]) throws -> Never {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    throw CLIError("cannot run \(path): \(String(cString: strerror(errno)))")
  }
}
