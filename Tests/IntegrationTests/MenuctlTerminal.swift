import Foundation
import MenudNative
import XCTest

/// The real `menuctl` on a pseudo-terminal: the test types keys and reads what it draws.
final class MenuctlTerminal {
    let pty: PtyProcess
    /// Everything `menuctl` wrote to the terminal so far.
    private(set) var output: [UInt8] = []
    private(set) var exitCode: Int32?

    init(_ arguments: [String], socketPath: String, cols: Int = 80, rows: Int = 24, environment extra: [String: String] = [:]) throws {
        var environment = MenuctlProcess.environment(socketPath: socketPath, extra: extra)
        environment["COLORTERM"] = "truecolor"
        pty = try PtyProcess(executable: DaemonProcess.menuctlPath, arguments: arguments, environment: environment, cols: cols, rows: rows)
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    /// Reads until `predicate` holds for the output (at most `timeout` seconds).
    func waitFor(_ description: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                 _ predicate: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !predicate(text) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw DaemonTestError("timed out waiting for \(description); the terminal shows:\n\(text.debugDescription)")
            }
            guard let bytes = try pty.read(timeoutMs: Int32(min(remaining * 1000, 200))) else {
                guard predicate(text) else {
                    throw DaemonTestError("menuctl ended before \(description); the terminal shows:\n\(text.debugDescription)")
                }
                return
            }
            output += bytes
        }
    }

    /// Waits until the output contains `text`.
    func waitFor(_ expected: String, timeout: TimeInterval = 10) throws {
        try waitFor("'\(expected.debugDescription)'", timeout: timeout) { $0.contains(expected) }
    }

    /// Waits until `expected` appears after the first `earlier`.
    func waitFor(_ expected: String, after earlier: String, timeout: TimeInterval = 10) throws {
        try waitFor("'\(expected.debugDescription)' after '\(earlier.debugDescription)'", timeout: timeout) { text in
            guard let start = text.range(of: earlier) else { return false }
            return text[start.upperBound...].contains(expected)
        }
    }

    /// Waits until a whole menu box has been drawn (`count` bottom-right corners seen).
    func waitForMenu(count: Int = 1) throws {
        try waitFor("the menu") { $0.components(separatedBy: "┘").count - 1 >= count }
    }

    func type(_ keys: String) throws {
        try pty.write(keys)
    }

    /// Reads to the end and returns the exit code (at most `timeout` seconds).
    @discardableResult
    func finish(timeout: TimeInterval = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let bytes = try pty.read(timeoutMs: 100) else { break }
            output += bytes
            if bytes.isEmpty, let code = pty.exitCode {
                exitCode = code
                return code
            }
        }
        guard let code = pty.waitForExit(timeoutMs: Int(max(deadline.timeIntervalSinceNow, 1) * 1000)) else {
            throw DaemonTestError("menuctl did not exit; the terminal shows:\n\(text.debugDescription)")
        }
        exitCode = code
        return code
    }

    /// The box's top-left cell (0-based) as drawn last: the cursor position written right before a
    /// `┌` (with its styling in between).
    func lastBoxOrigin() -> (col: Int, row: Int)? {
        let pattern = try! NSRegularExpression(pattern: "\u{1B}\\[(\\d+);(\\d+)H(?:\u{1B}\\[[0-9;]*m)*┌")
        let string = text
        guard let match = pattern.matches(in: string, range: NSRange(string.startIndex..., in: string)).last,
              let row = Range(match.range(at: 1), in: string).flatMap({ Int(string[$0]) }),
              let col = Range(match.range(at: 2), in: string).flatMap({ Int(string[$0]) }) else { return nil }
        return (col - 1, row - 1)
    }

    /// Where in the output the box whose top-left is `origin` is erased (`ESC [ r;c H ESC [ n X`),
    /// with the width erased; `nil` when it is not.
    func eraseOffset(of origin: (col: Int, row: Int)) -> (offset: Int, width: Int)? {
        let string = text
        let pattern = try! NSRegularExpression(pattern: "\u{1B}\\[\(origin.row + 1);\(origin.col + 1)H\u{1B}\\[(\\d+)X")
        guard let match = pattern.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)),
              let range = Range(match.range, in: string),
              let width = Range(match.range(at: 1), in: string).flatMap({ Int(string[$0]) }) else { return nil }
        return (string.utf8.distance(from: string.startIndex, to: range.lowerBound), width)
    }

    /// The byte offset of the first occurrence of `needle`, or `nil`.
    func offset(of needle: String) -> Int? {
        let string = text
        return string.range(of: needle).map { string.utf8.distance(from: string.startIndex, to: $0.lowerBound) }
    }
}
