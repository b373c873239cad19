import Foundation

/// A value shared between threads, each use of it under a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  /// The value (read or replaced under the lock).
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// Runs `body` on the value under the lock.
  func withLock<T>(_ body: (Value) -> T) -> T { lock.withLock { body(stored) } }
}
