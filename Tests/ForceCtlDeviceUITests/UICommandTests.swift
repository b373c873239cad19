import ArgumentParser
import ForceCtlKit
import Foundation
import Testing

/// `forcectl ui`'s options: loopback by default, a wider address only with
/// --allow-remote, and one-line errors for bad addresses. (The page itself is
/// tested in a browser: Tests/WebTests, run by Tools/test-web.)
@Suite struct UICommandTests {
  func message(_ arguments: [String]) -> String? {
    do {
      _ = try ForceCtl.UI.parseAsRoot(arguments)
      return nil
    } catch {
      return ForceCtl.UI.message(for: error)
    }
  }

  @Test func listensOnLoopbackByDefault() throws {
    let command = try #require(try ForceCtl.UI.parseAsRoot(["--port", "tcp://127.0.0.1:5760"]) as? ForceCtl.UI)
    #expect(command.listen == "127.0.0.1:8080")
    #expect(message(["--port", "/dev/ttyACM0", "--listen", "localhost:9000"]) == nil)
  }

  @Test func aWiderAddressNeedsAllowRemote() {
    let refused = message(["--port", "tcp://127.0.0.1:5760", "--listen", "0.0.0.0:8080"])
    #expect(refused?.contains("no authentication; add --allow-remote") == true, "\(refused ?? "accepted")")
    #expect(message(["--port", "tcp://127.0.0.1:5760", "--listen", "0.0.0.0:8080", "--allow-remote"]) == nil)
  }

  @Test func badAddressesAreNamed() {
    #expect(message(["--port", "tcp://host", "--listen", "127.0.0.1:8080"])?.contains("needs a port") == true)
    #expect(message(["--port", "tcp://127.0.0.1:1", "--listen", "8080"])?.contains("HOST:PORT") == true)
    #expect(message(["--port", "tcp://127.0.0.1:1", "--listen", "example.org:80"])?.contains("IPv4") == true)
    #expect(message(["--port", "tcp://127.0.0.1:1", "--listen", "127.0.0.1:99999"])?.contains("0 to 65535") == true)
  }
}
