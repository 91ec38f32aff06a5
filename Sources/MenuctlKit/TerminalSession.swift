import Glibc
import MenudNative

/// The terminal set up for an interactive command, and put back exactly once on every way out.
///
/// ``enter(console:screen:)`` switches the keyboard to raw mode and writes the screen setup
/// (hide the cursor, mouse reports on, and for `watch` the alternate screen); ``leave()`` undoes
/// both, and is called again from `deinit` so that an early return or a thrown error cannot leave
/// the terminal raw. Signals are not the session's business: the commands catch them through a
/// ``TerminalSignals`` pipe, so a signal ends the loop normally and the session is left the usual
/// way.
public final class TerminalSession {
    private let console: Console
    private var mode: TerminalMode?
    private var exitSequence = ""

    public init(console: Console) {
        self.console = console
    }

    deinit { leave() }

    /// Whether the terminal is in raw mode now.
    public var isActive: Bool { mode != nil }

    /// Switches to raw mode and writes `enterSequence`; `exitSequence` is written by ``leave()``.
    public func enter(enterSequence: String = TerminalMode.enterSequence, exitSequence: String = TerminalMode.exitSequence) throws(MenuctlError) {
        guard mode == nil else { return }
        do {
            mode = try TerminalMode.enterRaw(fileDescriptor: console.input)
        } catch {
            throw .failure(error.message)
        }
        self.exitSequence = exitSequence
        console.out(enterSequence)
    }

    /// Writes the exit sequence and puts the terminal's attributes back. Safe to call again.
    public func leave() {
        guard let mode else { return }
        console.out(exitSequence)
        console.drainOutput()
        try? mode.restore()
        self.mode = nil
    }

    /// The terminal's size now, for laying out; `nil` when it cannot be read.
    public static func size(of console: Console) -> TerminalSize? {
        try? TerminalMode.size(fileDescriptor: console.output)
    }
}
