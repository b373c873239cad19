import ArgumentParser
import ForceDevice
import ForceLink
import ForceWebBridge
import Foundation

extension ForceCtl {
  /// `forcectl ui`: the web tuner, bridged to one device.
  public struct UI: ParsableCommand {
    public static let configuration = CommandConfiguration(
      commandName: "ui",
      abstract: "Serve the web tuner (live plots, parameters, recording) bridged to a device.",
      discussion: """
        Serves the page (Web/, bundled by Tools/build-page when esbuild is installed) \
        and relays bytes between it and the device over a WebSocket; the page speaks the \
        wire protocol itself, with the firmware's Swift code compiled to WebAssembly \
        (Tools/build-wasm, run here when the module is missing). One page at a time holds the device; a second one is told so. The \
        server listens on loopback; another address needs --allow-remote, and anyone who \
        can reach it can change and save the device's parameters (there is no \
        authentication). A device that goes silent with the link open (nothing for 2.5 s, \
        not even an answer to the page's stats requests) is reported in the page and on \
        standard error here; the server keeps running and the page reconnects once the \
        device answers again.
        """
    )

    @OptionGroup public var device: DeviceOptions

    @Option(help: ArgumentHelp("Address to serve the page on (IPv4 HOST:PORT).", valueName: "HOST:PORT"))
    public var listen: String = ListenAddress.defaultAddress.description

    @Flag(help: "Allow --listen on an address other than loopback (no authentication).")
    public var allowRemote = false

    @Option(help: ArgumentHelp("Directory with the page (default: the repository's, bundled).", valueName: "DIR"))
    public var web: String?

    public init() {}

    public func validate() throws {
      do {
        _ = try PortAddress(parsing: device.port)
        let address = try ListenAddress(parsing: listen)
        if !address.isLoopback && !allowRemote {
          throw ValidationError(
            "--listen \(listen) is reachable from other machines and the page has no authentication; add --allow-remote to do it anyway"
          )
        }
      } catch let error as LinkError {
        throw ValidationError(error.description)
      } catch let error as BridgeError {
        throw ValidationError(error.description)
      }
    }

    public func run() throws {
      let port = try PortAddress(parsing: device.port)
      let address = try ListenAddress(parsing: listen)
      do { try WebBridge.checkListening(on: address) } catch { throw CLIError(error.description) }
      let root = try webRoot()
      if !address.isLoopback {
        printError("warning: serving on \(address) with no authentication: anyone who reaches it can change the device")
      }
      let bridge = WebBridge(
        device: port, baud: device.baud, connectTimeout: device.timeoutDuration, listen: address, webRoot: root)
      let failure = Locked<String?>(nil)
      let done = DispatchSemaphore(value: 0)
      Task {
        do {
          try await bridge.run(
            ready: { bound in
              print("forcectl ui: http://\(bound)/ bridged to \(port) (Ctrl-C to stop)")
              fflush(nil)
            },
            report: { line in printError("forcectl ui: \(line); the page reconnects when it answers again") })
        } catch {
          failure.value = (error as? BridgeError)?.description ?? "\(error)"
        }
        done.signal()
      }
      done.wait()
      if let message = failure.value { throw CLIError(message) }
    }

    /// The page's directory: with `--web`, that one; otherwise the bundled page
    /// (Tools/build-page, into .build/web) when esbuild is installed, or the sources in
    /// Web/, with the wasm module built if it is missing.
    func webRoot() throws -> URL {
      if let web {
        let url = URL(fileURLWithPath: web)
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent("index.html").path) else {
          throw CLIError("--web \(web) has no index.html")
        }
        return url
      }
      guard let root = RepositoryRoot.find() else {
        throw CLIError("run this from the ForcePicker repository (it serves Web/), or give --web DIR")
      }
      let web = root.appendingPathComponent("Web")
      if !FileManager.default.fileExists(atPath: web.appendingPathComponent("forcepicker.wasm").path) {
        printError("building the page's WebAssembly module (Tools/build-wasm)…")
        try runTool(root, "build-wasm")
      }
      guard HostTool.which("esbuild") != nil else {
        printError("serving the page's sources (Web/): install esbuild for the bundled page, a third of the size")
        return web
      }
      try runTool(root, "build-page")
      return root.appendingPathComponent(".build/web")
    }

    /// Runs Tools/`name` of the repository at `root` (its output goes to standard error).
    func runTool(_ root: URL, _ name: String) throws {
      let build = Process()
      build.executableURL = root.appendingPathComponent("Tools/\(name)")
      build.standardOutput = FileHandle.standardError
      try build.run()
      build.waitUntilExit()
      guard build.terminationStatus == 0 else { throw CLIError("Tools/\(name) failed") }
    }
  }
}
