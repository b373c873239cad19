import FlyingFox
import ForceLink
import Foundation
import Synchronization

/// The `/device` WebSocket: relays binary messages to the device and the device's
/// bytes back, one page at a time. Text messages from the bridge report the state
/// as JSON: `{"status":"open"|"refused"|"error"|"closed","message":…}`.
struct DeviceRelay: WSMessageHandler {
  let address: PortAddress
  let baud: Int
  let connectTimeout: Duration
  let claim: Claim

  /// WebSocket close codes the page explains to the user.
  enum CloseCode {
    static let inUse = WSCloseCode(4001, reason: "device in use by another page")
    static let cannotOpen = WSCloseCode(4002, reason: "cannot open the device")
    static let disconnected = WSCloseCode(4003, reason: "device disconnected")
  }

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (stream, out) = AsyncStream<WSMessage>.makeStream()
    guard claim.take() else {
      out.yield(
        .text(
          Status.json(
            "refused",
            "another page is already connected to \(address); close that tab or press Disconnect there first")))
      out.yield(.close(CloseCode.inUse))
      out.finish()
      return stream
    }
    let transport: any Transport
    do {
      transport = try address.open(baudRate: baud, connectTimeout: connectTimeout)
    } catch {
      claim.release()
      out.yield(.text(Status.json("error", error.description)))
      out.yield(.close(CloseCode.cannotOpen))
      out.finish()
      return stream
    }
    out.yield(.text(Status.json("open", address.description)))
    let session = DeviceSession()
    session.start(
      transport, received: { out.yield(.data(Data($0))) },
      ended: { [claim] error in
        if let error {
          out.yield(.text(Status.json("closed", error)))
          out.yield(.close(CloseCode.disconnected))
        }
        out.finish()
        claim.release()
      })
    Task {
      for await message in client {
        if case .data(let data) = message { session.send([UInt8](data)) }
      }
      session.stop()
    }
    return stream
  }
}

/// Whether a page holds the device.
final class Claim: Sendable {
  private let taken = Mutex(false)

  /// Takes the device; false when a page already holds it.
  func take() -> Bool {
    taken.withLock { taken in
      if taken { return false }
      taken = true
      return true
    }
  }

  /// Gives the device back.
  func release() { taken.withLock { $0 = false } }
}

/// The bridge's status messages.
enum Status {
  struct Body: Encodable {
    let status: String
    let message: String
  }

  static func json(_ status: String, _ message: String) -> String {
    let data = (try? JSONEncoder().encode(Body(status: status, message: message))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
