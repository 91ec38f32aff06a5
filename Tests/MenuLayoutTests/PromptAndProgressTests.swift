import MenuLayout
import MenudCore
import Testing
@testable import MenuctlKit
import MenudProtocol

@Suite struct PromptAndProgressTests {
    @Test func lineEditorStartsWithTheDefaultAndEdits() {
        var editor = LineEditor(text: "intro.mp4")
        #expect(editor.cursor == 9)
        for _ in 0..<3 { _ = editor.handle(.backspace) }
        for character in "mkv" { _ = editor.handle(.character(character)) }
        #expect(editor.text == "intro.mkv")
        _ = editor.handle(.home)
        _ = editor.handle(.delete)
        _ = editor.handle(.character("I"))
        _ = editor.handle(.right)
        _ = editor.handle(.left)
        #expect(editor.text == "Intro.mkv")
        #expect(editor.handle(.enter) == .accepted("Intro.mkv"))
        _ = editor.handle(.unknown([0x15]))
        #expect(editor.text == "")
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.interrupt) == .cancelled)
    }

    @Test func lineEditorDrawsSafelyWithTheCursorInPlace() {
        var editor = LineEditor(text: "日本.txt")
        _ = editor.handle(.home)
        _ = editor.handle(.right)
        #expect(editor.render(prompt: "New name: ") == "\rNew name: 日本.txt\u{1B}[K\u{1B}[6D")
        let hostile = LineEditor(text: "a\u{1B}[31mb")
        #expect(hostile.render(prompt: "N: ") == "\rN: a\\x1B[31mb\u{1B}[K")
    }

    @Test func progressBar() {
        #expect(ProgressBar.line(fraction: 0.4, message: "Hashing", width: 80) == "[████████░░░░░░░░░░░░]  40%  Hashing")
        #expect(ProgressBar.line(fraction: 1.5, message: nil, width: 80) == "[████████████████████] 100%")
        #expect(ProgressBar.line(fraction: nil, message: "Starting", width: 80) == "[░░░░░░░░░░░░░░░░░░░░]       Starting")
        #expect(DisplayWidth.width(of: ProgressBar.line(fraction: 0.5, message: String(repeating: "x", count: 100), width: 40)) == 40)
        #expect(ProgressBar.draw(fraction: 0, message: nil, width: 80) == "\r[░░░░░░░░░░░░░░░░░░░░]   0%\u{1B}[K")
    }

    @Test func cursorPositionReport() {
        #expect(CursorPositionReport.parse(Array("\u{1B}[20;1R".utf8))! == (0, 19))
        #expect(CursorPositionReport.parse(Array("\u{1B}[1;80R".utf8))! == (79, 0))
        #expect(CursorPositionReport.parse(Array("\u{1B}[1;5A".utf8)) == nil)
        #expect(CursorPositionReport.parse(Array("\u{1B}[0;0R".utf8)) == nil)
        var decoder = KeyDecoder()
        let events = decoder.feed(Array("\u{1B}[12;40R".utf8))
        #expect(events == [.unknown(Array("\u{1B}[12;40R".utf8))], "the decoder hands the report over whole")
    }

    @Test func outcomeAndErrorText() throws {
        func read(_ text: String) throws -> MenuDismissedResult {
            try MenuDismissedResult(from: MenuctlFixtures.object(text), mode: .tolerant)
        }
        let ran = try read(#"{"ran":true,"item":"i2","outcome":{"message":"a.txt","output":"Path: a.txt\nSize: 6 bytes"}}"#)
        #expect(ActionReport.outcomeText(ran, title: "Inspect", sanitize: true) == "a.txt\nPath: a.txt\nSize: 6 bytes\n")
        let bare = try read(#"{"ran":true,"item":"i2","outcome":{}}"#)
        #expect(ActionReport.outcomeText(bare, title: "Inspect", sanitize: true) == "Inspect: done.\n")
        #expect(ActionReport.outcomeText(try read(#"{"ran":false}"#), title: "X", sanitize: true) == "Nothing was run.\n")
        let hostile = try read(#"{"ran":true,"outcome":{"output":"a\tb\u001B[2Jc"}}"#)
        #expect(ActionReport.outcomeText(hostile, title: "X", sanitize: true) == "a\tb\\x1B[2Jc\n")
        #expect(ActionReport.outcomeText(hostile, title: "X", sanitize: false) == "a\tb\u{1B}[2Jc\n")

        let failure = RPCError.actionFailed(message: "sh failed", exitCode: 3, stderrTail: "broken\nreally\n")
        let text = ActionReport.errorText(failure, sanitize: true)
        #expect(text.hasPrefix("menuctl: The action failed: sh failed (exit code 3)."))
        #expect(text.hasSuffix("  its error output ended with:\n    broken\n    really\n"))
    }

    @Test func rawKnowsWhichAnswerEndsTheWait() {
        #expect(RawCommand.expectation(for: Array(#"{"jsonrpc":"2.0","id":7,"method":"x"}"#.utf8)) == .response(.int(7)))
        #expect(RawCommand.expectation(for: Array(#"{"jsonrpc":"2.0","id":"a","method":"x"}"#.utf8)) == .response(.string("a")))
        #expect(RawCommand.expectation(for: Array(#"{"jsonrpc":"2.0","method":"x"}"#.utf8)) == .nothing)
        #expect(RawCommand.expectation(for: Array(#"{"method":"x"}"#.utf8)) == .response(.null), "invalid: answered with id null")
        #expect(RawCommand.expectation(for: Array("nonsense".utf8)) == .response(.null))
        #expect(RawCommand.expectation(for: Array("[]".utf8)) == .response(.null))
        #expect(RawCommand.expectation(for: Array(#"[{"jsonrpc":"2.0","method":"x"}]"#.utf8)) == .nothing)
        #expect(RawCommand.expectation(for: Array(#"[{"jsonrpc":"2.0","id":1,"method":"x"}]"#.utf8)) == .batch)
        #expect(RawCommand.answers(Array(#"{"jsonrpc":"2.0","id":7,"result":{}}"#.utf8), .response(.int(7))))
        #expect(!RawCommand.answers(Array(#"{"jsonrpc":"2.0","method":"files.changed","params":{}}"#.utf8), .response(.int(7))))
        #expect(RawCommand.answers(Array(#"[{"jsonrpc":"2.0","id":1,"result":{}}]"#.utf8), .batch))
    }
}
