import Foundation

/// A program of this package (`forcectl`, `forcepicker-sitl`) run as a process of its
/// own, as a user runs it: standard input a pipe the test writes to, standard error
/// captured, and signals sent as a terminal or a shell would.
public final class ToolProcess: @unchecked Sendable {
  /// What the process ended with.
  public struct Ending: Sendable {
    /// The exit status, or the signal that ended it when `signaled`.
    public var status: Int32
    /// True when a signal ended the process.
    public var signaled: Bool
    /// Everything it wrote to standard error.
    public var errors: String
  }

  /// The process.
  public let process: Process
  private let input = Pipe()
  private let errors = Pipe()
  private let collected = DispatchGroup()
  private var errorBytes = Data()

  /// The built product `name`, in the directory of the running test bundle (where
  /// `swift build` puts every product of the package).
  public static func path(_ name: String) -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent(name)
  }

  /// True when the product `name` is built.
  public static func isBuilt(_ name: String) -> Bool { FileManager.default.isExecutableFile(atPath: path(name).path) }

  /// Starts product `name` with `arguments`; standard output goes to `output` (default:
  /// nowhere).
  public init(_ name: String, _ arguments: [String], output: FileHandle = .nullDevice) throws {
    process = Process()
    process.executableURL = Self.path(name)
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let reader = errors.fileHandleForReading
    collected.enter()
    DispatchQueue.global().async { [self] in
      errorBytes = reader.readDataToEndOfFile()
      collected.leave()
    }
  }

  /// The process id.
  public var pid: pid_t { process.processIdentifier }

  /// Writes `text` to its standard input.
  public func type(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

  /// Closes its standard input (end of input).
  public func closeInput() { try? input.fileHandleForWriting.close() }

  /// Sends `signal`.
  public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Waits up to `limit` for it to end (then kills it); returns how it ended.
  public func wait(limit: Duration = .seconds(60)) -> Ending {
    let deadline = ContinuousClock.now + limit
    while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    closeInput()
    collected.wait()
    return Ending(
      status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
      errors: String(decoding: errorBytes, as: UTF8.self))
  }

  /// Waits until `condition` holds, checking every 10 ms, for at most `limit`; returns
  /// whether it did.
  @discardableResult
  public static func waitUntil(_ limit: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return condition()
  }
}
