import XCTest
@testable import MenudRuntime

/// A log message becomes exactly one line: a newline inside it (a file name may hold one) is
/// written as `\n`, so nobody can forge a second line, and nothing else is changed or lost.
final class LoggerLineTests: XCTestCase {
    private func line(_ message: String) -> String {
        var bytes: [UInt8] = Array("prefix ".utf8)
        Logger.append(message, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testAMessageWithoutANewlineIsCopiedWholeThenEnded() {
        XCTAssertEqual(line(""), "prefix \n")
        XCTAssertEqual(line("running file-actions.inspect on a/b.txt"), "prefix running file-actions.inspect on a/b.txt\n")
        XCTAssertEqual(line("naïve 日本 \u{1F600}\r\t"), "prefix naïve 日本 \u{1F600}\r\t\n")
    }

    func testEveryNewlineInsideAMessageIsWrittenAsBackslashN() {
        XCTAssertEqual(line("\n"), "prefix \\n\n")
        XCTAssertEqual(line("a\nb"), "prefix a\\nb\n")
        XCTAssertEqual(line("\nfake 2026-01-01 ERROR forged\n"), "prefix \\nfake 2026-01-01 ERROR forged\\n\n")
        XCTAssertEqual(line("日\n本\n\n"), "prefix 日\\n本\\n\\n\n")
    }

    func testASubstringsMessageIsCheckedAsItsOwnBytes() {
        // A message cut from a longer text (not the text's own storage start).
        let long = "x\ny" + String(repeating: "z", count: 40)
        let cut = String(long.dropFirst(2))
        XCTAssertEqual(line(cut), "prefix y" + String(repeating: "z", count: 40) + "\n")
    }
}
