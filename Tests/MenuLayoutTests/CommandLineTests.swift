import MenuLayout
import Testing
@testable import MenuctlKit

@Suite struct CommandLineTests {
    private func parse(_ words: String...) throws -> MenuctlInvocation {
        try MenuctlInvocation.parse(words)
    }

    private func usageError(_ words: String...) -> MenuctlError? {
        do {
            _ = try MenuctlInvocation.parse(words)
            return nil
        } catch {
            return error
        }
    }

    @Test func commandsAndTheirOptions() throws {
        #expect(try parse("status").command == .status(StatusOptions()))
        #expect(try parse("status", "--json").command == .status(StatusOptions(json: true)))
        let list = try parse("ls", "--state", "pending", "--glob=*.log", "--json")
        guard case .list(let options) = list.command else { Issue.record("not ls"); return }
        #expect(options.filter.state == .pending)
        #expect(options.filter.glob == "*.log")
        #expect(options.json)
        #expect(try parse("list").command == .list(ListOptions()))
        #expect(try parse("raw", "{}").command == .raw(RawOptions(source: .message("{}"))))
        #expect(try parse("raw", "-").command == .raw(RawOptions(source: .standardInput)))
        #expect(try parse("raw", "--", "--x").command == .raw(RawOptions(source: .message("--x"))))
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
        let before = try parse("--socket", "/s", "--color", "never", "status")
        #expect(before.global == GlobalOptions(socketPath: "/s", color: .never))
        let after = try parse("status", "--socket=/t", "--color=always")
        #expect(after.global == GlobalOptions(socketPath: "/t", color: .always))
        #expect(try parse("--socket", "/s", "ls", "--socket", "/u").global.socketPath == "/u")
    }

    @Test func help() throws {
        #expect(try parse("--help").command == .help(""))
        #expect(try parse("-h").command == .help(""))
        #expect(try parse("help").command == .help(""))
        #expect(try parse("help", "menu").command == .help("menu"))
        #expect(try parse("menu", "--help").command == .help("menu"))
        #expect(try parse("ls", "-h").command == .help("ls"))
        #expect(try parse("--help", "watch").command == .help("watch"))
        #expect(try parse("menu", "--pick", "x", "--help").command == .help("menu"), "help wins over a missing target")
        #expect(try parse("--version").command == .version)
        #expect(try parse("web").command == .web(WebOptions()))
        #expect(try parse("web", "--open").command == .web(WebOptions(open: true)))
        for topic in ["", "status", "ls", "watch", "menu", "raw", "web"] {
            #expect(HelpText.page(for: topic).contains("Usage: menuctl"))
            #expect(HelpText.page(for: topic).contains("--socket PATH"))
        }
    }

    @Test func usageErrorsNameTheProblemAndTheHelp() {
        let cases: [(MenuctlError?, String, String)] = [
            (usageError(), "say what to do", ""),
            (usageError("frob"), "there is no command 'frob'", ""),
            (usageError("ls", "--frob"), "unknown option --frob for menuctl ls", "ls"),
            (usageError("ls", "x"), "takes no argument 'x'", "ls"),
            (usageError("ls", "--state"), "--state needs a value", "ls"),
            (usageError("ls", "--state", "done"), "pending, ready or expired", "ls"),
            (usageError("ls", "--glob", "["), "--glob '[' is not a valid pattern", "ls"),
            (usageError("status", "--json=1"), "--json takes no value", "status"),
            (usageError("--color", "rainbow", "ls"), "--color takes never, always or auto", ""),
            (usageError("raw"), "raw takes one JSON message", "raw"),
            (usageError("raw", "a", "b"), "raw takes one JSON message", "raw"),
            (usageError("help", "nope"), "there is no command 'nope'", ""),
        ]
        for (error, text, command) in cases {
            #expect(error?.exitCode == MenuctlExitCode.usage, "\(text)")
            #expect(error?.message.contains(text) == true, "\(String(describing: error)) should say \(text)")
            #expect(error?.helpCommand == command)
        }
        #expect(usageError("ls", "--frob")?.report == "menuctl: unknown option --frob for menuctl ls; it takes --color, --glob, --help, --json, --socket, --state.\nRun 'menuctl ls --help' for usage.\n")
    }

    @Test func menuTargetsAndOptions() throws {
        func menu(_ words: String...) throws -> MenuOptions {
            guard case .menu(let options) = try MenuctlInvocation.parse(["menu"] + words).command else {
                throw MenuctlError.failure("not a menu")
            }
            return options
        }
        #expect(try menu("a.txt").target == .path("a.txt"))
        #expect(try menu("a.txt", "b.txt").target == .paths(["a.txt", "b.txt"]))
        #expect(try menu("--row", "3").target == .row(3))
        #expect(try menu("--background").target == .background)
        let full = try menu("a.txt", "--pick", "Rename…", "--input", "b", "--json", "--viewport", "100x40", "--at", "5,7", "--width", "30")
        #expect(full.pick == "Rename…")
        #expect(full.input == "b")
        #expect(full.json)
        #expect(full.viewport == CellSize(cols: 100, rows: 40))
        #expect(full.source == CellRect(col: 5, row: 7, width: 1, height: 1))
        #expect(full.width == .fixed(30))
        #expect(try menu("a.txt", "--width", "auto").width == .auto(min: 24))
        #expect(try menu("a.txt", "--viewport", "80X24").viewport == CellSize(cols: 80, rows: 24))

        for words in [[], ["a.txt", "--background"], ["--row", "1", "--background"], ["--row", "x"], ["--row", "-2"],
                      ["a", "--viewport", "80"], ["a", "--viewport", "8x3"], ["a", "--at", "1"], ["a", "--at", "-1,2"],
                      ["a", "--width", "3"], ["a", "--pick", ""], ["a", "--viewport", "80x24", "--at", "80,0"], [""]] {
            #expect(throws: MenuctlError.self, "menu \(words)") { try MenuctlInvocation.parse(["menu"] + words) }
        }
    }

    @Test func socketLocation() {
        #expect(SocketLocation.resolve(option: "/opt", environment: ["MENUD_SOCKET": "/env"], uid: 7) == "/opt")
        #expect(SocketLocation.resolve(option: nil, environment: ["MENUD_SOCKET": "/env", "XDG_RUNTIME_DIR": "/run/user/7"], uid: 7) == "/env")
        #expect(SocketLocation.resolve(option: nil, environment: ["MENUD_SOCKET": "", "XDG_RUNTIME_DIR": "/run/user/7"], uid: 7) == "/run/user/7/menud/menud.sock")
        #expect(SocketLocation.resolve(option: nil, environment: ["XDG_RUNTIME_DIR": ""], uid: 7) == "/tmp/menud-7/menud.sock")
        #expect(SocketLocation.resolve(option: nil, environment: [:], uid: 1000) == "/tmp/menud-1000/menud.sock")
    }

    @Test func colorAutoIsPlainIntoPipes() {
        #expect(ColorMode.detect(preference: .auto, environment: [:], isTerminal: false) == .none)
        #expect(ColorMode.detect(preference: .always, environment: [:], isTerminal: false) == .ansi256)
        #expect(ColorMode.detect(preference: .auto, environment: ["COLORTERM": "truecolor"], isTerminal: true) == .trueColor)
    }
}
