import Glibc
import Testing
import MenuctlKit

/// Runs against a pseudo-terminal pair opened for the test, never the test runner's terminal.
@Suite struct TerminalModeTests {
    private struct PseudoTerminal {
        let controller: Int32
        let terminal: Int32

        // Linux's generic pty ioctls (the same on x86_64 and arm64); the C macros that build them
        // are not imported into Swift: TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int).
        private static let unlockRequest: UInt = 0x4004_5431
        private static let numberRequest: UInt = 0x8004_5430

        init() throws {
            controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            try #require(controller >= 0, "open /dev/ptmx failed: errno \(errno)")
            var unlock: Int32 = 0
            try #require(ioctl(controller, Self.unlockRequest, &unlock) == 0, "TIOCSPTLCK failed: errno \(errno)")
            var number: UInt32 = 0
            try #require(ioctl(controller, Self.numberRequest, &number) == 0, "TIOCGPTN failed: errno \(errno)")
            let path = "/dev/pts/\(number)"
            terminal = open(path, O_RDWR | O_NOCTTY)
            try #require(terminal >= 0, "open \(path) failed: errno \(errno)")
        }

        func close() {
            _ = Glibc.close(terminal)
            _ = Glibc.close(controller)
        }

        func attributes() -> termios {
            var attributes = termios()
            _ = tcgetattr(terminal, &attributes)
            return attributes
        }
    }

    @Test func vminAndVtimeAreTheTupleSlotsTheRawModeSets() {
        #expect(VMIN == 6)
        #expect(VTIME == 5)
    }

    @Test func enterRawThenRestore() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let before = pty.attributes()
        #expect(before.c_lflag & tcflag_t(ECHO | ICANON) != 0)  // a fresh pty is cooked

        let mode = try TerminalMode.enterRaw(fileDescriptor: pty.terminal)
        let raw = pty.attributes()
        #expect(raw.c_lflag & tcflag_t(ECHO) == 0)
        #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
        #expect(raw.c_lflag & tcflag_t(ISIG) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        #expect(raw.c_oflag == before.c_oflag)  // output processing untouched
        #expect(raw.c_cc.6 == 1 && raw.c_cc.5 == 0)

        try mode.restore()
        let after = pty.attributes()
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        #expect(after.c_cflag == before.c_cflag)
        #expect(after.c_oflag == before.c_oflag)
        #expect(after.c_cc.6 == before.c_cc.6 && after.c_cc.5 == before.c_cc.5)
    }

    @Test func rawModeDeliversBytesUnchanged() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        let mode = try TerminalMode.enterRaw(fileDescriptor: pty.terminal)
        defer { try? mode.restore() }
        let sent: [UInt8] = [0x1B, 0x5B, 0x41, 0x0D, 0x03, 0x71]  // ESC [ A, CR, Ctrl-C, q
        #expect(write(pty.controller, sent, sent.count) == sent.count)
        var received = [UInt8](repeating: 0, count: 16)
        let count = read(pty.terminal, &received, received.count)
        #expect(Array(received.prefix(max(count, 0))) == sent)
        var decoder = KeyDecoder()
        #expect(decoder.feed(received.prefix(max(count, 0)), morePending: false) == [.up, .enter, .interrupt, .character("q")])
    }

    @Test func sizeComesFromTheKernel() throws {
        let pty = try PseudoTerminal()
        defer { pty.close() }
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(pty.controller, UInt(TIOCSWINSZ), &size) == 0)
        #expect(try TerminalMode.size(fileDescriptor: pty.terminal) == TerminalSize(cols: 100, rows: 30))
        #expect(try TerminalMode.size(fileDescriptor: pty.terminal).viewport.cols == 100)
    }

    @Test func aFileThatIsNotATerminalGetsAClearError() throws {
        let file = open("/dev/null", O_RDWR)
        try #require(file >= 0)
        defer { _ = close(file) }
        do {
            _ = try TerminalMode.enterRaw(fileDescriptor: file)
            Issue.record("expected an error")
        } catch {
            #expect(error.errorNumber == ENOTTY)
            #expect(error.message == "File descriptor \(file) is not a terminal (tcgetattr failed); run menuctl in a terminal for interactive menus.")
        }
        #expect(throws: TerminalModeError.self) { try TerminalMode.size(fileDescriptor: file) }
    }

    @Test func aClosedDescriptorIsNamedInTheError() {
        do {
            _ = try TerminalMode.size(fileDescriptor: -1)
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "ioctl(TIOCGWINSZ) failed on file descriptor -1: EBADF (errno 9); check that it is an open terminal.")
        }
    }

    @Test func enterAndExitSequences() {
        #expect(TerminalMode.enterSequence == "\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h")
        #expect(TerminalMode.exitSequence == "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h")
    }
}
