import Foundation
import Testing

@testable import ForceUSB

/// The Pico's udev rule (`Hardware/pico/*-forcepicker.rules`, Docs/usb.md), parsed as
/// udev reads it: read before systemd's `73-seat-late.rules`, which acts on the
/// `uaccess` tag, matching the firmware's own IDs, with a link that does not follow
/// the ttyACM number.
@Suite struct UdevRuleTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Hardware/pico")

  /// One `KEY{attribute}OP"value"` of a rule.
  struct Assignment: Equatable, CustomStringConvertible {
    var key: String
    var op: String
    var value: String
    var description: String { "\(key)\(op)\"\(value)\"" }
  }

  /// The rules of a file: comments and blank lines dropped, `\` continuations joined,
  /// each rule its comma-separated assignments; nil when a rule does not parse.
  static func rules(_ text: String) -> [[Assignment]]? {
    var rules: [[Assignment]] = []
    var pending = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = String(line)
      if pending.isEmpty && (line.trimmingCharacters(in: .whitespaces).hasPrefix("#")) { continue }
      if line.hasSuffix("\\") {
        line.removeLast()
        pending += line
        continue
      }
      let rule = (pending + line).trimmingCharacters(in: .whitespaces)
      pending = ""
      if rule.isEmpty { continue }
      guard let parsed = assignments(rule) else { return nil }
      rules.append(parsed)
    }
    return rules
  }

  static func assignments(_ rule: String) -> [Assignment]? {
    var result: [Assignment] = []
    var rest = Substring(rule)
    while !rest.isEmpty {
      let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "{" || $0 == "}" }
      rest = rest.dropFirst(key.count)
      guard let op = ["==", "!=", "+=", "-=", ":=", "="].first(where: { rest.hasPrefix($0) }), !key.isEmpty else {
        return nil
      }
      rest = rest.dropFirst(op.count)
      guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
      result.append(
        Assignment(key: String(key), op: op, value: String(rest[rest.index(after: rest.startIndex)..<close])))
      rest = rest[rest.index(after: close)...].drop { $0 == " " || $0 == "," }
    }
    return result
  }

  @Test func theRuleIsReadBeforeSeatLateAndSetsWhatTheDocsSay() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter {
      $0.hasSuffix(".rules")
    }
    #expect(names == ["70-forcepicker.rules"], "one rule file, named as Docs/usb.md says")
    let name = try #require(names.first)
    // udev reads every directory's files in the order of their names; systemd's
    // 73-seat-late.rules runs the uaccess builtin on devices tagged by then.
    #expect(name < "73-seat-late.rules")
    #expect(name.prefix(3).allSatisfy { $0.isNumber || $0 == "-" } && name.dropFirst(2).hasPrefix("-"))

    let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
    let rules = try #require(Self.rules(text), "every rule parses")
    #expect(rules.count == 4)
    let rule = try #require(rules.first)
    let hex = { (value: UInt16) in String(format: "%04x", value) }
    let device = [
      Assignment(key: "ATTRS{idVendor}", op: "==", value: hex(USBIdentity.vendorID)),
      Assignment(key: "ATTRS{idProduct}", op: "==", value: hex(USBIdentity.productID)),
      Assignment(key: "ATTRS{product}", op: "==", value: "\(USBIdentity.product)"),
    ]
    let uaccess = Assignment(key: "TAG", op: "+=", value: "uaccess")
    // The HID interface: its hidraw node and its input event devices (evtest).
    #expect(rules.dropFirst().first == [Assignment(key: "SUBSYSTEM", op: "==", value: "hidraw")] + device + [uaccess])
    #expect(
      rules.dropFirst(2).first
        == [
          Assignment(key: "SUBSYSTEM", op: "==", value: "input"), Assignment(key: "KERNEL", op: "==", value: "event*"),
        ] + device + [uaccess])
    // The USB device node, for libusb tools (picotool and the reset interface).
    #expect(
      rules.dropFirst(3).first
        == [
          Assignment(key: "SUBSYSTEM", op: "==", value: "usb"),
          Assignment(key: "ENV{DEVTYPE}", op: "==", value: "usb_device"),
        ] + device + [uaccess])
    let expected =
      [Assignment(key: "SUBSYSTEM", op: "==", value: "tty")] + device + [
        Assignment(key: "MODE", op: "=", value: "0660"),
        Assignment(key: "GROUP", op: "=", value: "dialout"),
        uaccess,
        Assignment(key: "SYMLINK", op: "+=", value: "forcepicker0"),
        Assignment(key: "ENV{ID_MM_DEVICE_IGNORE}", op: "=", value: "1"),
      ]
    #expect(rule == expected)
    // The link does not follow the kernel's name or number (%n, %k, $number, $kernel).
    for link in rule where link.key == "SYMLINK" {
      #expect(!link.value.contains("%") && !link.value.contains("$"), "\(link)")
    }
  }

  @Test func theParserRefusesWhatIsNotARule() {
    #expect(Self.rules("SUBSYSTEM==\"tty\", MODE=\"0660\"\n")?.first?.count == 2)
    #expect(Self.rules("SUBSYSTEM==\"tty\", \\\n  MODE=\"0660\"\n")?.first?.count == 2)
    #expect(Self.rules("SUBSYSTEM==tty\n") == nil)
    #expect(Self.rules("SUBSYSTEM==\"tty\n") == nil)
  }
}
