import CommandActionsPlugin
import Foundation
import MenudPluginAPI
import XCTest
@testable import MenudRuntime

/// The config means what the docs say: keys written twice are refused, `match.count` takes
/// every documented form, and `defaultFileAction` must name an item an enabled plugin offers.
final class ConfigAgreementTests: XCTestCase {
    private let environment = ConfigEnvironment(home: "/home/tester", runtimeDirectory: "/run/user/1000", uid: 1000)

    private func parse(_ text: String) throws -> MenudConfig {
        try MenudConfig.parse(Array(text.utf8), file: "/etc/menud.json5", environment: environment)
    }

    private func assertDuplicate(_ text: String, keyPath: String, _ phrases: [String], line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), line: line) { error in
            guard let error = error as? ConfigError else { return XCTFail("\(error)", line: line) }
            XCTAssertEqual(error.keyPath, keyPath, error.message, line: line)
            for phrase in phrases + ["/etc/menud.json5", "written twice"] {
                XCTAssertTrue(error.message.contains(phrase), "\"\(phrase)\" not in: \(error.message)", line: line)
            }
        }
    }

    func testKeysWrittenTwiceAreRefusedWithTheirLine() throws {
        assertDuplicate("{\n  settle: \"1s\",\n  logLevel: \"info\",\n  settle: \"5s\",\n}", keyPath: "settle",
                        ["line 4, column 3", "first at line 2, column 3"])
        assertDuplicate("{ plugins: { files: { enabled: true, 'enabled': false } } }", keyPath: "plugins.files.enabled", ["line 1"])
        assertDuplicate("{ commands: [{ title: \"a\", argv: [\"x\"], \"title\": \"b\" }] }", keyPath: "commands[0].title", [])
        assertDuplicate(#"{ root: "/a", "\u0072oot": "/b" }"#, keyPath: "root", [])
        // The same key in different objects, and keys that only look alike, are fine.
        XCTAssertNoThrow(try parse("{ plugins: { files: { enabled: true }, checksum: { enabled: true } } }"))
        XCTAssertNoThrow(try parse(#"{ commands: [{ title: "a", argv: ["x"] }, { title: "b", argv: ["y"] }] }"#))
        XCTAssertNoThrow(try parse(#"{ plugins: { files: { settings: { a: 1, A: 2 } } } }"#).plugins["files"])
    }

    func testEveryDocumentedCountFormParses() throws {
        let forms: [(PluginValue, CommandCountRange)] = [
            (.int(3), CommandCountRange(min: 3, max: 3)),
            (.string("1+"), CommandCountRange(min: 1, max: nil)),
            (.string("2..5"), CommandCountRange(min: 2, max: 5)),
            (.string("4"), CommandCountRange(min: 4, max: 4)),
            (.object(["min": .int(2), "max": .int(5)]), CommandCountRange(min: 2, max: 5)),
            (.object(["min": .int(2)]), CommandCountRange(min: 2, max: nil)),
        ]
        for (count, expected) in forms {
            let spec = try CommandActionSpec.parse(.object(["title": "Archive", "argv": ["tar", "{paths}"], "match": .object(["count": count])]), index: 0)
            XCTAssertEqual(spec.match.count, expected, "\(count)")
        }
        for bad in ["0+", "5..2", "0..3", "x", "1.5", "+", "2..", "..5", "1++"] {
            XCTAssertThrowsError(try CommandActionSpec.parse(.object(["title": "Archive", "argv": ["tar", "{paths}"], "match": .object(["count": .string(bad)])]), index: 0), bad) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("commands[0].match.count") && message.contains("\"1+\""), message)
            }
        }
        // One file's command takes exactly one.
        XCTAssertThrowsError(try CommandActionSpec.parse(.object(["title": "Play", "argv": ["mpv", "{path}"], "match": .object(["count": "1+"])]), index: 0))
    }

    func testACommandTimeoutPastItsCeilingSaysTheCeiling() throws {
        let config = try parse(#"{ commands: [{ title: "Long", argv: ["true", "{path}"], timeout: "3650d" }] }"#)
        XCTAssertThrowsError(try PluginSet.build(config: config, configPath: "/etc/menud.json5")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("commands[0].timeout"), message)
            XCTAssertTrue(message.contains("between 1 ms and 24 h"), message)
            XCTAssertFalse(message.contains("is not a duration"), message)
        }
    }

    private func checked(_ text: String) throws -> String? {
        let config = try parse(text)
        let host = try PluginSet.build(config: config, configPath: "/etc/menud.json5")
        return try DefaultFileActionCheck.resolve(config: config, plugins: host, file: "/etc/menud.json5")
    }

    private func assertRefusedDefault(_ text: String, _ phrases: [String],
                                      allowed: String = "allowed: files.inspect, files.duplicate, files.trash", line: UInt = #line) {
        XCTAssertThrowsError(try checked(text), line: line) { error in
            let message = "\(error)"
            for phrase in phrases + ["defaultFileAction in /etc/menud.json5", allowed] {
                XCTAssertTrue(message.contains(phrase), "\"\(phrase)\" not in: \(message)", line: line)
            }
        }
    }

    func testDefaultFileActionMustNameAnItemAnEnabledPluginOffersForAFile() throws {
        XCTAssertEqual(try checked("{}"), "files.inspect")
        XCTAssertEqual(try checked(#"{ defaultFileAction: "checksum.sha256" }"#), "checksum.sha256")
        XCTAssertEqual(try checked(#"{ defaultFileAction: "files.trash" }"#), "files.trash")
        assertRefusedDefault(#"{ defaultFileAction: "nope.nope" }"#, ["\"nope.nope\" names the plugin \"nope\", which is not enabled"])
        assertRefusedDefault(#"{ defaultFileAction: "files.nope" }"#, ["files offers no item \"nope\" for a file"])
        // A row asks for no text, so an action that needs some (Rename…) could never run from one.
        assertRefusedDefault(#"{ defaultFileAction: "files.rename" }"#, ["\"files.rename\" asks for a line of text first"])
        let asking = #"commands: [{ title: "Tag", input: { prompt: "Tag" }, argv: ["tag", "{path}", "{input}"] }, { title: "Ls", argv: ["ls", "{path}"] }]"#
        assertRefusedDefault("{ \(asking), defaultFileAction: \"commands.command-0\" }", ["asks for a line of text first", "commands.command-1"])
        assertRefusedDefault(#"{ defaultFileAction: "checksum.sha256", plugins: { checksum: { enabled: false } } }"#, ["not enabled"])
        // Command actions: one that names a file may be the default; a directory action may not.
        let commands = #"commands: [{ title: "Ls", argv: ["ls", "{root}"] }, { title: "Play", argv: ["mpv", "--", "{path}"], match: { glob: "*.mp4" } }]"#
        XCTAssertEqual(try checked("{ \(commands), defaultFileAction: \"commands.command-1\" }"), "commands.command-1")
        assertRefusedDefault("{ \(commands), defaultFileAction: \"commands.command-0\" }", ["commands offers no item \"command-0\"", "commands.command-1"])
        // A selection command that needs two files or more can never run for one row.
        let pairs = #"commands: [{ title: "Pair", argv: ["diff", "{paths}"], match: { count: "2..2" } }, { title: "Any", argv: ["ls", "{paths}"] }]"#
        XCTAssertEqual(try checked("{ \(pairs), defaultFileAction: \"commands.command-1\" }"), "commands.command-1")
        assertRefusedDefault("{ \(pairs), defaultFileAction: \"commands.command-0\" }", ["commands offers no item \"command-0\"", "commands.command-1"])
        // The built-in default with the files plugin disabled: rows run nothing, start-up goes on.
        XCTAssertNil(try checked("{ plugins: { files: { enabled: false } } }"))
        assertRefusedDefault(#"{ defaultFileAction: "files.duplicate", plugins: { files: { enabled: false } } }"#, ["not enabled"],
                             allowed: "allowed: checksum.sha256")
    }
}
