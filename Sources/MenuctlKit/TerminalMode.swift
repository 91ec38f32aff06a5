import Glibc

/// Raw keyboard mode for the duration of a menu, and the terminal's size.
///
/// Menus draw inline over whatever is on the screen (no alternate screen). While a menu is open the
/// terminal is in raw mode: no echo, no line buffering, no signal keys (Ctrl-C arrives as a byte and
/// cancels the menu cleanly instead of killing the process with the terminal left raw), no
/// input translation (CR stays CR), 8-bit input; reads return as soon as one byte is there
/// (`VMIN` 1, `VTIME` 0). Output processing is left on, so `\n` still starts a new line.
///
/// ```swift
/// let mode = try TerminalMode.enterRaw(fileDescriptor: STDIN_FILENO)
/// write(TerminalMode.enterSequence)     // hide cursor, SGR mouse reports on
/// defer { write(TerminalMode.exitSequence); try? mode.restore() }
/// ```
public struct TerminalMode: Sendable {
    public let fileDescriptor: Int32
    /// The attributes found on entry, put back by ``restore()``.
    public let saved: termios

    /// Hides the cursor and turns on mouse button reports in SGR form.
    public static let enterSequence = AnsiSequence.hideCursor + AnsiSequence.enableMouse
    /// Undoes ``enterSequence``.
    public static let exitSequence = AnsiSequence.disableMouse + AnsiSequence.showCursor

    /// Saves the terminal's attributes and switches it to raw mode.
    public static func enterRaw(fileDescriptor: Int32 = STDIN_FILENO) throws(TerminalModeError) -> TerminalMode {
        var original = termios()
        guard tcgetattr(fileDescriptor, &original) == 0 else {
            throw failure("tcgetattr", fileDescriptor: fileDescriptor)
        }
        var raw = rawAttributes(from: original)
        guard tcsetattr(fileDescriptor, TCSAFLUSH, &raw) == 0 else {
            throw failure("tcsetattr", fileDescriptor: fileDescriptor)
        }
        return TerminalMode(fileDescriptor: fileDescriptor, saved: original)
    }

    /// Puts back the attributes saved on entry.
    public func restore() throws(TerminalModeError) {
        var original = saved
        guard tcsetattr(fileDescriptor, TCSAFLUSH, &original) == 0 else {
            throw Self.failure("tcsetattr", fileDescriptor: fileDescriptor)
        }
    }

    /// `attributes` changed to raw mode as described on the type.
    public static func rawAttributes(from attributes: termios) -> termios {
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON | INPCK)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        // c_cc is imported as a tuple; on Linux VMIN is index 6 and VTIME index 5
        // (checked by TerminalModeTests).
        raw.c_cc.6 = 1
        raw.c_cc.5 = 0
        return raw
    }

    /// The size of the terminal on `fileDescriptor` (`TIOCGWINSZ`).
    public static func size(fileDescriptor: Int32 = STDOUT_FILENO) throws(TerminalModeError) -> TerminalSize {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0 else {
            throw failure("ioctl(TIOCGWINSZ)", fileDescriptor: fileDescriptor)
        }
        guard size.ws_col > 0, size.ws_row > 0 else {
            throw TerminalModeError(
                operation: "ioctl(TIOCGWINSZ)", errorNumber: 0,
                message: "The terminal on file descriptor \(fileDescriptor) reports a size of \(size.ws_col)x\(size.ws_row); set it with `stty cols N rows M` or use a real terminal."
            )
        }
        return TerminalSize(cols: Int(size.ws_col), rows: Int(size.ws_row))
    }

    private static func failure(_ operation: String, fileDescriptor: Int32) -> TerminalModeError {
        let number = errno
        let message: String
        if number == ENOTTY {
            message = "File descriptor \(fileDescriptor) is not a terminal (\(operation) failed); run menuctl in a terminal for interactive menus."
        } else {
            let name = POSIXErrorCode(rawValue: number).map { "\($0)" } ?? "error"
            message = "\(operation) failed on file descriptor \(fileDescriptor): \(name) (errno \(number)); check that it is an open terminal."
        }
        return TerminalModeError(operation: operation, errorNumber: number, message: message)
    }
}
