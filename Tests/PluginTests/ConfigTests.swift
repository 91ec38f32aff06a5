import Foundation
import MenudCore
import XCTest
@testable import MenudRuntime
import MenudProtocol

final class ConfigTests: XCTestCase {
    private let environment = ConfigEnvironment(home: "/home/tester", runtimeDirectory: "/run/user/1000", uid: 1000)
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("menud-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ text: String, name: String = "menud.json5") throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func load(_ text: String) throws -> MenudConfig {
        try MenudConfig.load(path: try write(text).path, environment: environment)
    }

    /// Loads `text`, expects a ConfigError at `keyPath` whose message contains each of `phrases`.
    private func assertRejected(_ text: String, keyPath: String?, _ phrases: [String], line: UInt = #line) throws {
        let url = try write(text)
        do {
            _ = try MenudConfig.load(path: url.path, environment: environment)
            XCTFail("accepted: \(text)", line: line)
        } catch {
            XCTAssertEqual(error.keyPath, keyPath, error.message, line: line)
            XCTAssertEqual(error.file, url.path, line: line)
            XCTAssertTrue(error.message.contains(url.path), "no file in: \(error.message)", line: line)
            for phrase in phrases {
                XCTAssertTrue(error.message.contains(phrase), "\"\(phrase)\" not in: \(error.message)", line: line)
            }
        }
    }

    // MARK: - The shipped file and the defaults

    func testShippedConfigLoadsAndEqualsTheDefaults() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shipped = packageRoot.appendingPathComponent("config/menud.json5")
        let config = try MenudConfig.load(path: shipped.path, environment: environment)
        XCTAssertEqual(config, MenudConfig.defaults(environment: environment))
    }

    func testDefaults() {
        let config = MenudConfig.defaults(environment: environment)
        XCTAssertEqual(config.root, FileManager.default.currentDirectoryPath, "no root in the config: the directory menud starts in")
        XCTAssertEqual(config.socket, "/run/user/1000/menud/menud.sock")
        XCTAssertEqual(config.settleMs, 2000)
        XCTAssertNil(config.expireAfterMs)
        XCTAssertEqual(config.partialSuffixes, [".part", ".crdownload", ".download", ".tmp"])
        XCTAssertEqual(config.ignore, IgnoreRules.defaults)
        XCTAssertEqual(config.logLevel, .info)
        XCTAssertEqual(config.maxFrameBytes, 1_048_576)
        XCTAssertEqual(config.maxOutputBytesPerClient, 8_388_608)
        XCTAssertEqual(config.maxConnections, 1024)
        XCTAssertEqual(config.menuExpireMs, 60_000)
        XCTAssertEqual(config.menuBuildTimeoutMs, 100)
        XCTAssertEqual(config.actionTimeoutMs, 300_000)
        XCTAssertEqual(config.maxOpenMenusPerConnection, 64)
        XCTAssertEqual(config.maxRunningActions, 16)
        XCTAssertEqual(config.allowUids, [])
        XCTAssertEqual(config.defaultFileAction, "files.inspect")
        XCTAssertEqual(config.plugins, [:])
        XCTAssertEqual(config.commands, [])
        XCTAssertEqual(config.readinessSettings, ReadinessSettings())
        let noRuntimeDirectory = ConfigEnvironment(home: "/h", runtimeDirectory: nil, uid: 42)
        XCTAssertEqual(MenudConfig.defaults(environment: noRuntimeDirectory).socket, "/tmp/menud-42/menud.sock")
    }

    func testAnEmptyObjectGivesTheDefaults() throws {
        XCTAssertEqual(try load("{}"), MenudConfig.defaults(environment: environment))
    }

    // MARK: - A full file, with JSON5 features

    func testFullFileWithJSON5Features() throws {
        let config = try load("""
        // a line comment
        {
          /* a block
             comment */
          root: '~/inbox',            // single quotes, tilde
          "socket": "/tmp/m.sock",
          settle: "1.5s",
          expireAfter: '7d',
          partialSuffixes: [".part", ".partial",],
          ignore: ["*.bak", "build/", "/private/**",],
          logLevel: "debug",
          maxFrameBytes: 0x10000,     // hexadecimal
          maxOutputBytesPerClient: 16777216,
          maxConnections: 8,
          menuExpire: "2m",
          menuBuildTimeout: "250ms",
          actionTimeout: "1h",
          maxOpenMenusPerConnection: 4,
          maxRunningActions: 2,
          allowUids: [0, 1001,],
          defaultFileAction: "checksum.sha256",
          plugins: {
            checksum: { enabled: true, settings: { algorithms: ["sha256", "md5"], limit: 3 } },
            "file-actions": { enabled: false },
          },
          commands: [
            {
              title: "Play",
              icon: "play",
              key: "p",
              match: { mime: "Video/*", states: ["ready", "expired"], minSize: 1, maxSize: 1000000, glob: "*.mp4" },
              argv: ["mpv", "--"],
            },
            {
              title: "Rename",
              match: { count: "1" },
              argv: ["mv"],
              input: { prompt: "New name", default: "", },
              destructive: true,
              timeout: "30s",
            },
            { title: "Zip", match: { count: "2+" }, argv: ["zip"] },
            { title: "Pair", match: { count: "2..5" }, argv: ["diff"] },
            { title: "Exactly three", match: { count: 3 }, argv: ["x"] },
          ],
        }
        """)
        XCTAssertEqual(config.root, "/home/tester/inbox")
        XCTAssertEqual(config.socket, "/tmp/m.sock")
        XCTAssertEqual(config.settleMs, 1500)
        XCTAssertEqual(config.expireAfterMs, 604_800_000)
        XCTAssertEqual(config.partialSuffixes, [".part", ".partial"])
        XCTAssertEqual(config.ignore.patterns.map(\.source), ["*.bak", "build/", "/private/**"])
        XCTAssertTrue(config.ignore.isIgnored(RelativePath("private/a/b"), isDirectory: false))
        XCTAssertEqual(config.logLevel, .debug)
        XCTAssertEqual(config.maxFrameBytes, 65536)
        XCTAssertEqual(config.maxOutputBytesPerClient, 16_777_216)
        XCTAssertEqual(config.maxConnections, 8)
        XCTAssertEqual(config.menuExpireMs, 120_000)
        XCTAssertEqual(config.menuBuildTimeoutMs, 250)
        XCTAssertEqual(config.actionTimeoutMs, 3_600_000)
        XCTAssertEqual(config.maxOpenMenusPerConnection, 4)
        XCTAssertEqual(config.maxRunningActions, 2)
        XCTAssertEqual(config.allowUids, [0, 1001])
        XCTAssertEqual(config.defaultFileAction, "checksum.sha256")
        XCTAssertEqual(config.plugins["checksum"], ConfigPlugin(enabled: true, settings: [
            "algorithms": .array([.string("sha256"), .string("md5")]), "limit": .int(3),
        ]))
        XCTAssertEqual(config.plugins["file-actions"], ConfigPlugin(enabled: false, settings: [:]))
        XCTAssertEqual(config.readinessSettings, ReadinessSettings(settleMs: 1500, expireAfterMs: 604_800_000, partialSuffixes: [".part", ".partial"]))

        XCTAssertEqual(config.commands.count, 5)
        guard case .object(let play) = config.commands[0] else { return XCTFail("commands[0] is kept as an object") }
        XCTAssertEqual(play["title"], .string("Play"))
        XCTAssertEqual(play["argv"], .array([.string("mpv"), .string("--")]))
        XCTAssertEqual(play["key"], .string("p"))
    }

    func testRelativePathsAreTakenFromTheConfigFilesDirectory() throws {
        let config = try load(#"{ root: "inbox/../files", socket: "run/menud.sock" }"#)
        XCTAssertEqual(config.root, directory.appendingPathComponent("files").path)
        XCTAssertEqual(config.socket, directory.appendingPathComponent("run/menud.sock").path)
    }

    func testNullMeansTheDefaultForSocketAndNeverForExpiry() throws {
        let config = try load(#"{ socket: null, expireAfter: null }"#)
        XCTAssertEqual(config.socket, "/run/user/1000/menud/menud.sock")
        XCTAssertNil(config.expireAfterMs)
    }

    // MARK: - Unknown keys

    func testUnknownTopLevelKeyNamesTheAllowedKeys() throws {
        try assertRejected(#"{ setle: "2s" }"#, keyPath: "setle", [
            "unknown key \"setle\" in ",
            "; allowed keys: root, socket, settle, expireAfter, partialSuffixes, ignore, logLevel,",
            "did you mean \"settle\"?",
        ])
    }

    func testUnknownNestedKeysNameTheirPath() throws {
        try assertRejected(#"{ plugins: { files: { enable: true } } }"#, keyPath: "plugins.files.enable",
                           ["unknown key \"enable\" at plugins.files", "allowed keys: enabled, settings"])
    }

    // MARK: - Bad values

    func testBadDurations() throws {
        try assertRejected(#"{ settle: "2x" }"#, keyPath: "settle", ["settle in ", "unknown unit \"x\"", "allowed units: ms, s, m (or min), h, d"])
        try assertRejected(#"{ settle: 2000 }"#, keyPath: "settle", ["expected a duration from 0 ms to 1 d", "found the number 2000"])
        try assertRejected(#"{ settle: "-1s" }"#, keyPath: "settle", ["is negative"])
        try assertRejected(#"{ settle: "2d" }"#, keyPath: "settle", ["expected a duration from 0 ms to 1 d", "found \"2d\""])
        try assertRejected(#"{ expireAfter: "0s" }"#, keyPath: "expireAfter", ["from 1 s to 3650 d"])
        try assertRejected(#"{ expireAfter: false }"#, keyPath: "expireAfter", ["found false"])
        try assertRejected(#"{ menuExpire: "" }"#, keyPath: "menuExpire", ["is empty"])
        try assertRejected(#"{ menuBuildTimeout: "0ms" }"#, keyPath: "menuBuildTimeout", ["from 1 ms to 1 min"])
        try assertRejected(#"{ actionTimeout: "8d" }"#, keyPath: "actionTimeout", ["to 7 d"])
    }

    func testBadNumbers() throws {
        try assertRejected(#"{ maxFrameBytes: 10 }"#, keyPath: "maxFrameBytes", ["expected a whole number of bytes from 1024 to 1073741824, found 10"])
        try assertRejected(#"{ maxConnections: "10" }"#, keyPath: "maxConnections", ["found a string (\"10\")"])
        try assertRejected(#"{ maxRunningActions: 1.5 }"#, keyPath: "maxRunningActions", ["found the number 1.5"])
        try assertRejected(#"{ maxOpenMenusPerConnection: 0 }"#, keyPath: "maxOpenMenusPerConnection", ["from 1 to 4096"])
        try assertRejected(#"{ maxOutputBytesPerClient: null }"#, keyPath: "maxOutputBytesPerClient", ["found null"])
        try assertRejected(#"{ allowUids: [1000, -1] }"#, keyPath: "allowUids[1]", ["uid from 0 to 4294967294, found -1"])
        try assertRejected(#"{ allowUids: 1000 }"#, keyPath: "allowUids", ["expected an array"])
    }

    func testBadStringsAndLists() throws {
        try assertRejected(#"{ root: "" }"#, keyPath: "root", ["must not be empty"])
        try assertRejected(#"{ root: 5 }"#, keyPath: "root", ["expected a string, found the number 5"])
        try assertRejected(#"{ logLevel: "verbose" }"#, keyPath: "logLevel", ["\"verbose\" is not a log level; allowed: debug, info, warning, error"])
        try assertRejected(#"{ partialSuffixes: [".part", "a/b"] }"#, keyPath: "partialSuffixes[1]", ["contains \"/\""])
        try assertRejected(#"{ partialSuffixes: [".part", ""] }"#, keyPath: "partialSuffixes[1]", ["must not be empty"])
        try assertRejected(#"{ ignore: ["*.bak", "[oops"] }"#, keyPath: "ignore[1]", ["the glob \"[oops\"", "never closed"])
        try assertRejected(#"{ ignore: "*.bak" }"#, keyPath: "ignore", ["expected an array ([ ... ]), found a string"])
        try assertRejected(#"{ defaultFileAction: "inspect" }"#, keyPath: "defaultFileAction", ["not an item identifier", "\"files.inspect\""])
        try assertRejected(#"{ defaultFileAction: "files..inspect" }"#, keyPath: "defaultFileAction", ["not an item identifier"])
        let longSocket = String(repeating: "s", count: 120)
        try assertRejected("{ socket: \"/tmp/\(longSocket)\" }", keyPath: "socket", ["at most 107"])
    }

    func testBadPlugins() throws {
        try assertRejected(#"{ plugins: [] }"#, keyPath: "plugins", ["expected an object of plugin names"])
        try assertRejected(#"{ plugins: { files: true } }"#, keyPath: "plugins.files", ["expected an object ({ ... }), found true"])
        try assertRejected(#"{ plugins: { files: { enabled: "yes" } } }"#, keyPath: "plugins.files.enabled", ["expected true or false, found a string (\"yes\")"])
        try assertRejected(#"{ plugins: { files: { settings: [1] } } }"#, keyPath: "plugins.files.settings", ["expected an object"])
        try assertRejected(#"{ plugins: { "my plugin": {} } }"#, keyPath: "plugins.my plugin", ["is not a plugin name"])
    }

    func testBadCommands() throws {
        try assertRejected(#"{ commands: {} }"#, keyPath: "commands", ["expected an array"])
        try assertRejected(#"{ commands: ["ls"] }"#, keyPath: "commands[0]", ["expected a command object"])
        // The shape of each command is checked by the command-actions plugin when the daemon
        // builds its plugins; PluginHostTests covers those messages.
    }

    // MARK: - Files that are not configuration

    func testSyntaxErrorsSayWhere() throws {
        try assertRejected("{\n  settle: \"2s\"\n  logLevel: \"info\",\n}", keyPath: nil,
                           ["is not valid JSON5 at line 3, column 3: expected \",\" or \"}\" after a value, found \"l\""])
        try assertRejected("{\n  root: \"~/x,\n}", keyPath: nil, ["line 2, column 9: a string starting here is not closed before the end of its line"])
        try assertRejected("{ a: 1 /* never closed }", keyPath: nil, ["line 1, column 8: a /* comment starting here is never closed"])
        try assertRejected("{ root: ~/Downloads }", keyPath: nil, ["line 1, column 9: unexpected \"~\" where a value should be"])
        try assertRejected("{ logLevel: info }", keyPath: nil, ["unexpected word \"info\" where a value should be; put text in quotes"])
        try assertRejected("", keyPath: nil, ["is not valid JSON5 at line 1, column 1: the file ends where a value should be"])
    }

    func testANulInAStringIsRefusedWithItsKeyAndLine() throws {
        let nul = "holds a NUL character"
        for escape in [#"\u0000"#, #"\0"#, #"\x00"#, "\u{0}"] {
            try assertRejected("{\n  commands: [\n    { title: \"a\(escape)b\", argv: [\"true\", \"{path}\"] },\n  ],\n}",
                               keyPath: "commands[0].title", ["commands[0].title in ", "at line 3, column 14", nul, "not allowed"])
        }
        try assertRejected("{ commands: [{ title: \"a\", argv: [\"rm\", \"x\\u0000y\", \"{path}\"] }] }",
                           keyPath: "commands[0].argv[1]", ["commands[0].argv[1] in ", "line 1, column 41", nul])
        try assertRejected(#"{ root: "/tmp/a\u0000b" }"#, keyPath: "root", ["root in ", nul])
        // In a key: the object that holds it is named.
        try assertRejected(#"{ plugins: { "fi\u0000les": {} } }"#, keyPath: "plugins", ["plugins in ", nul])
        XCTAssertThrowsError(try load(#"{ root: "/tmp/a\u0000b" }"#)) { error in
            XCTAssertFalse("\(error)".contains("check the quotes"), "not a syntax problem: \(error)")
        }
    }

    func testTopLevelMustBeAnObject() throws {
        try assertRejected(#"["root"]"#, keyPath: nil, ["the top level in", "expected an object ({ ... }), found an array"])
    }

    func testUnreadableAndNonUTF8Files() throws {
        let missing = directory.appendingPathComponent("missing.json5")
        XCTAssertThrowsError(try MenudConfig.load(path: missing.path, environment: environment)) { error in
            let message = (error as! ConfigError).message
            XCTAssertTrue(message.contains("cannot read the configuration file \(missing.path)"), message)
        }
        let latin1 = directory.appendingPathComponent("latin1.json5")
        try Data([0x7B, 0x72, 0x6F, 0x6F, 0x74, 0x3A, 0x22, 0xE9, 0x22, 0x7D]).write(to: latin1)
        XCTAssertThrowsError(try MenudConfig.load(path: latin1.path, environment: environment)) { error in
            XCTAssertTrue((error as! ConfigError).message.contains("is not UTF-8 text"))
        }
    }
}
