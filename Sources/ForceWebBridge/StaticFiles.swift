import Foundation

/// A directory's files over HTTP: `GET /PATH` answers with the regular file at
/// root/PATH and its content type, or 404. Nothing outside the directory is reachable
/// (no `..`, no hidden files).
struct StaticFiles: Sendable {
  let root: URL

  /// Content types by file extension; anything else is sent as bytes.
  static let contentTypes = [
    "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8", "json": "application/json", "wasm": "application/wasm", "svg": "image/svg+xml",
    "png": "image/png", "ico": "image/x-icon", "csv": "text/csv; charset=utf-8", "txt": "text/plain; charset=utf-8",
  ]

  /// The response for request path `path` (percent-decoded, starting with `/`).
  func response(for path: String) -> HTTPResponse {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") }) else {
      return .error(404)
    }
    let file = parts.reduce(root) { $0.appendingPathComponent(String($1)) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let contents = FileManager.default.contents(atPath: file.path)
    else { return .error(404) }
    let type = StaticFiles.contentTypes[file.pathExtension.lowercased()] ?? "application/octet-stream"
    return HTTPResponse(status: 200, headers: [("Content-Type", type)], body: [UInt8](contents))
  }
}
