@testable import CommandActionsPlugin
import Foundation
import MenudPluginAPI
import XCTest

final class CommandActionsPluginTests: XCTestCase {
    var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory()
    }

    override func tearDown() {
        directory.remove()
    }

    func plugin(_ commands: PluginValue...) throws -> CommandActions {
        try CommandActions(settings: PluginSettings(["commands": .array(commands)]))
    }

    func context(_ files: [TargetFile], input: String? = nil) -> ActionContext {
        ActionContext(files: files, root: directory.path, input: input, processes: FoundationProcessLauncher())
    }

    func items(_ plugin: CommandActions, _ kind: MenuTargetKind, _ files: [TargetFile]) async throws -> [MenuItem] {
        try await plugin.items(for: MenuTarget(kind: kind, files: files, root: directory.path))
    }

    func settingsError(_ command: PluginValue) -> String? {
        do {
            _ = try plugin(["title": "ok", "argv": ["true"]], command)
            XCTFail("expected a settings error for \(command)")
            return nil
        } catch {
            XCTAssertTrue(error is PluginSettingsError, "\(error)")
            return "\(error)"
        }
    }

    // MARK: - Spec validation

    func testSpecValidationNamesTheExactKey() {
        let cases: [(PluginValue, String)] = [
            (["argv": ["true"]], "commands[1].title: is required and must be a string"),
            (["title": " ", "argv": ["true"]], "commands[1].title: must not be empty"),
            (["title": "T"], "commands[1].argv: is required and must be an array of strings: the program and its arguments"),
            (["title": "T", "argv": []], "commands[1].argv: must not be empty; its first element is the program to run"),
            (["title": "T", "argv": ["ls", 3]], "commands[1].argv[1]: must be a string, not an integer"),
            (["title": "T", "argv": [""]], "commands[1].argv[0]: is empty; it must name the program to run"),
            (["title": "T", "argv": ["{path}"]],
             "commands[1].argv[0]: uses {path}; the program must not come from a file name or typed input (only {root} is allowed here)"),
            (["title": "T", "argv": ["cat", "--files={paths}"]],
             "commands[1].argv[1]: uses {paths} inside other text; {paths} must be a whole element by itself (it becomes one element per file)"),
            (["title": "T", "argv": ["cat", "{file}"]],
             "commands[1].argv[1]: has an unknown placeholder {file}; write \"{{\" for a literal brace (allowed: {path}, {name}, {dir}, {root}, {input}, {paths})"),
            (["title": "T", "argv": ["awk", "{print}"]],
             "commands[1].argv[1]: has an unknown placeholder {print}; write \"{{\" for a literal brace (allowed: {path}, {name}, {dir}, {root}, {input}, {paths})"),
            (["title": "T", "argv": ["echo", "{path"]],
             "commands[1].argv[1]: has a \"{\" without a closing \"}\"; write \"{{\" for a literal brace (allowed: {path}, {name}, {dir}, {root}, {input}, {paths})"),
            (["title": "T", "argv": ["echo", "a}b"]], "commands[1].argv[1]: has a lone \"}\"; write \"}}\" for a literal brace"),
            (["title": "T", "argv": ["echo", "a\u{0}b"]],
             "commands[1].argv[1]: contains a NUL character (\\u0000); a program argument ends there, so the program would get only the text before it"),
            (["title": "T", "argv": ["cp", "{paths}", "{dir}"]],
             "commands[1].argv: mixes {paths} with {path}, {name} or {dir}; use {paths} for several files or the others for one"),
            (["title": "T", "argv": ["mv", "{path}", "{input}"]],
             "commands[1].argv: uses {input} but the command declares no input (allowed: add \"input\": {\"prompt\": \"...\"})"),
            (["title": "T", "argv": ["ls", "{path}"], "input": ["prompt": "x"]],
             "commands[1].input: is declared but argv never uses {input}; use it or remove input"),
            (["title": "T", "argv": ["mv", "{path}", "{input}"], "input": ["prompt": "x", "default": "{input}"]],
             "commands[1].input.default: cannot use {input} (allowed: {path}, {name}, {dir}, {root})"),
            (["title": "T", "argv": ["mv", "{path}", "{input}"], "input": ["default": "x"]],
             "commands[1].input.prompt: is required and must be a string"),
            (["title": "T", "argv": ["ls", "{path}"], "shell": true],
             "commands[1].shell: is not a known setting (allowed: argv, destructive, icon, input, key, match, progress, timeout, title)"),
            (["title": "T", "argv": ["ls", "{path}"], "key": "ab"], "commands[1].key: must be exactly one visible character, not \"ab\""),
            (["title": "T", "argv": ["ls", "{path}"], "destructive": "yes"], "commands[1].destructive: must be true or false, not a string"),
            (["title": "T", "argv": ["ls", "{path}"], "timeout": "5 parsecs"],
             "commands[1].timeout: \"5 parsecs\" is not a duration (allowed: milliseconds as a number, or a string such as \"500ms\", \"30s\", \"2m\", \"10min\", \"1h\", \"1d\")"),
            (["title": "T", "argv": ["ls", "{path}"], "timeout": "3650d"],
             "commands[1].timeout: must be between 1 ms and 24 h (allowed: milliseconds as a number, or a string such as \"500ms\", \"30s\", \"2m\", \"10min\", \"1h\", \"1d\")"),
            (["title": "T", "argv": ["ls", "{path}"], "timeout": 0],
             "commands[1].timeout: must be between 1 ms and 24 h (allowed: milliseconds as a number, or a string such as \"500ms\", \"30s\", \"2m\", \"10min\", \"1h\", \"1d\")"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["states": ["done"]]],
             "commands[1].match.states[0]: \"done\" is not a file state (allowed: pending, ready, expired)"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["states": []]],
             "commands[1].match.states: must list at least one state (allowed: pending, ready, expired)"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["mime": ["image/*", "image"]]],
             "commands[1].match.mime[1]: \"image\" is not a MIME type pattern (allowed: \"type/subtype\", \"type/*\" or \"*/*\", such as \"image/*\")"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["glob": 5]],
             "commands[1].match.glob: must be a string or an array of strings, not an integer"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["glob": ""]],
             "commands[1].match.glob: is not a usable pattern (empty, or contains NUL)"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["minSize": 10, "maxSize": 5]],
             "commands[1].match.minSize: (10) is larger than maxSize (5)"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["minSize": -1]],
             "commands[1].match.minSize: must not be negative (allowed: a number of bytes)"),
            (["title": "T", "argv": ["ls", "{path}"], "match": ["count": 2]],
             "commands[1].match.count: allows several files, but {path}, {name} and {dir} name one; use {paths} to accept several"),
            (["title": "T", "argv": ["ls", "{paths}"], "match": ["count": ["min": 3, "max": 2]]],
             "commands[1].match.count.max: (2) is smaller than min (3)"),
            (["title": "T", "argv": ["ls", "{paths}"], "match": ["count": 0]], "commands[1].match.count: must be at least 1"),
            (["title": "T", "argv": ["ls", "{paths}"], "match": ["sizes": 1]],
             "commands[1].match.sizes: is not a known setting (allowed: count, glob, maxSize, mime, minSize, states)"),
            (["title": "T", "argv": ["make", "-C", "{root}"], "match": ["glob": "*.c"]],
             "commands[1].match.glob: does not apply: argv names no file ({path}, {name}, {dir} or {paths}), so this is a directory action"),
            ("just a string", "commands[1]: must be an object, not a string"),
        ]
        for (command, expected) in cases {
            XCTAssertEqual(settingsError(command), expected)
        }
        XCTAssertThrowsError(try CommandActions(settings: PluginSettings(["commands": ["title": "x"]]))) { error in
            XCTAssertEqual("\(error)", "commands: must be an array, not an object")
        }
    }

    func testSpecParsing() throws {
        let plugin = try plugin(
            ["title": "Compress", "icon": "archivebox", "key": "z", "destructive": true, "timeout": "1.5s",
             "argv": ["gzip", "--keep", "--suffix={{gz}}", "{path}"],
             "match": ["glob": ["*.log", "*.txt"], "states": ["ready", "pending"], "minSize": 1, "maxSize": 1000]],
            ["title": "Tar", "argv": ["tar", "-cf", "{root}/out.tar", "{paths}"], "match": ["count": ["min": 2]]],
            ["title": "Make", "argv": ["make", "-C", "{root}"], "timeout": 2500],
            ["title": "Long", "argv": ["make", "-C", "{root}"], "timeout": "10min"],
            ["title": "Day", "argv": ["make", "-C", "{root}"], "timeout": "1 d"])
        let compress = plugin.commands[0]
        XCTAssertEqual(compress.scope, .singleFile)
        XCTAssertEqual(compress.timeoutMs, 1500)
        XCTAssertEqual(compress.key, "z")
        XCTAssertEqual(compress.match.states, [.ready, .pending])
        XCTAssertEqual(compress.match.count, CommandCountRange(min: 1, max: 1))
        XCTAssertEqual(plugin.commands[1].scope, .files)
        XCTAssertEqual(plugin.commands[1].match.count, CommandCountRange(min: 2, max: nil))
        XCTAssertEqual(plugin.commands[1].match.states, [.ready, .expired])
        XCTAssertEqual(plugin.commands[2].scope, .directory)
        XCTAssertEqual(plugin.commands[2].timeoutMs, 2500)
        // The units of the config's other durations.
        XCTAssertEqual(plugin.commands[3].timeoutMs, 600_000)
        XCTAssertEqual(plugin.commands[4].timeoutMs, 86_400_000)
        XCTAssertEqual(plugin.actionTitles, ["Compress", "Tar", "Make", "Long", "Day"])
        XCTAssertEqual(
            try CommandActions.argv(for: compress, files: [fakeFile("a b.log")], root: "/srv/drop", input: nil),
            ["gzip", "--keep", "--suffix={gz}", "/srv/drop/a b.log"])
        XCTAssertEqual(try CommandActions(settings: .empty).commands, [])
    }

    // MARK: - Items per target and state

    func testGlobSizeAndTargetDecideWhetherAnItemIsShown() async throws {
        let plugin = try plugin(
            ["title": "Logs", "argv": ["wc", "{path}"], "match": ["glob": "*.log", "maxSize": 500]],
            ["title": "Nested", "argv": ["wc", "{path}"], "match": ["glob": "logs/*.log"]],
            ["title": "Bundle", "argv": ["tar", "-cf", "x.tar", "{paths}"], "match": ["count": ["min": 2, "max": 3]]],
            ["title": "Make", "argv": ["make", "-C", "{root}"]])
        func titles(_ kind: MenuTargetKind, _ files: [TargetFile]) async throws -> [String] {
            try await items(plugin, kind, files).map(\.title)
        }
        var result = try await titles(.file, [fakeFile("a.log")])
        XCTAssertEqual(result, ["Logs"])
        result = try await titles(.file, [fakeFile("a.log", size: 501)])
        XCTAssertEqual(result, [])
        result = try await titles(.file, [fakeFile("logs/a.log")])
        XCTAssertEqual(result, ["Logs", "Nested"])
        result = try await titles(.file, [fakeFile("logs/deeper/a.log")])
        XCTAssertEqual(result, ["Logs"])
        result = try await titles(.file, [fakeFile("a.txt")])
        XCTAssertEqual(result, [])
        result = try await titles(.selection, [fakeFile("a.log"), fakeFile("b.log")])
        XCTAssertEqual(result, ["Bundle"])
        result = try await titles(.selection, (1...4).map { fakeFile("\($0).log") })
        XCTAssertEqual(result, [])
        result = try await titles(.directory, [fakeFile("a.log")])
        XCTAssertEqual(result, ["Make"])
    }

    func testStatesThatDoNotMatchDisableTheItemAndSayWhy() async throws {
        let plugin = try plugin(
            ["title": "Open", "argv": ["xdg-open", "{path}"]],
            ["title": "Peek", "argv": ["head", "{path}"], "match": ["states": ["pending", "ready"]]],
            ["title": "Bundle", "argv": ["tar", "-cf", "x.tar", "{paths}"]])
        let pending = try await items(plugin, .file, [fakeFile("a", state: .pending)])
        XCTAssertEqual(pending.map(\.title), ["Open", "Peek", "Bundle"])
        XCTAssertEqual(pending[0].status, StyledText("not while pending", color: .pending))
        XCTAssertTrue(pending[0].isDisabled)
        XCTAssertTrue(pending[1].isSelectable)
        let expired = try await items(plugin, .file, [fakeFile("a", state: .expired)])
        XCTAssertTrue(expired[0].isSelectable)
        XCTAssertEqual(expired[1].status, StyledText("not while expired", color: .expired))
        let mixed = try await items(
            plugin, .selection,
            [fakeFile("a", state: .pending), fakeFile("b"), fakeFile("c", state: .pending), fakeFile("d", state: .expired)])
        XCTAssertEqual(mixed.map(\.title), ["Bundle"])
        XCTAssertEqual(mixed[0].status, StyledText("2 files pending", color: .pending))
        XCTAssertEqual(MenuItem.problems(in: pending), [])
    }

    func testMimeTypesAreReadFromContent() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]
        try directory.write("shot.dat", Data(png))
        try directory.write("notes.dat", "words\n")
        let plugin = try plugin(
            ["title": "View Image", "argv": ["feh", "{path}"], "match": ["mime": "image/*"]],
            ["title": "Edit Text", "argv": ["vi", "{path}"], "match": ["mime": ["text/plain", "text/markdown"]]])
        let image = try await items(plugin, .file, [try directory.file("shot.dat")])
        XCTAssertEqual(image.map(\.title), ["View Image"])
        let text = try await items(plugin, .file, [try directory.file("notes.dat")])
        XCTAssertEqual(text.map(\.title), ["Edit Text"])
        let missing = try await items(plugin, .file, [fakeFile("missing.png", root: directory.path)])
        XCTAssertEqual(missing.map(\.title), [])
    }

    func testItemCarriesIdIconKeyDestructiveAndInputWithDefault() async throws {
        let plugin = try plugin(
            ["title": "Shred", "icon": "flame", "key": "s", "destructive": true, "argv": ["shred", "-u", "{path}"]],
            ["title": "Copy As…", "argv": ["cp", "{path}", "{dir}/{input}"],
             "input": ["prompt": "Copy name", "default": "{name}.bak"]])
        let items = try await items(plugin, .file, [fakeFile("docs/a.txt")])
        XCTAssertEqual(items.map(\.id), ["command-0", "command-1"])
        XCTAssertEqual(items[0].icon, "flame")
        XCTAssertEqual(items[0].key, "s")
        XCTAssertTrue(items[0].isDestructive)
        XCTAssertEqual(items[1].input, InputPrompt("Copy name", default: "a.txt.bak"))
    }
}
