import Glibc
import MenudNative

/// Standard input, output and error as `menuctl` uses them: whether each is a terminal, the color
/// mode, and writes that go straight to the descriptor (nothing is buffered, so what is written is
/// on the terminal before the next step: the erase before `menu.dismissed`).
public final class Console {
    public let input: Int32
    public let output: Int32
    public let error: Int32
    public let inputIsTerminal: Bool
    public let outputIsTerminal: Bool
    public let colorMode: ColorMode
    /// The environment `menuctl` runs in.
    public let environment: [String: String]
    /// Set when standard output is gone (a closed pipe): commands that keep printing stop.
    public private(set) var outputBroken = false

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, error: Int32 = STDERR_FILENO,
                color: ColorMode.Preference, environment: [String: String]) {
        self.input = input
        self.output = output
        self.error = error
        self.environment = environment
        inputIsTerminal = TerminalIO.isTerminal(input)
        outputIsTerminal = TerminalIO.isTerminal(output)
        colorMode = ColorMode.detect(preference: color, environment: environment, isTerminal: outputIsTerminal)
    }

    /// Whether both the keyboard and the screen are a terminal: menus and `watch` are interactive.
    public var isInteractive: Bool { inputIsTerminal && outputIsTerminal }

    /// Writes `text` to standard output.
    public func out(_ text: String) {
        write(Array(text.utf8), to: output)
    }

    /// Writes `bytes` to standard output.
    public func out(bytes: [UInt8]) {
        write(bytes, to: output)
    }

    /// Writes `text` to standard error.
    public func err(_ text: String) {
        write(Array(text.utf8), to: error)
    }

    /// Waits until what was written to the terminal has gone out.
    public func drainOutput() {
        TerminalIO.drain(output)
    }

    private func write(_ bytes: [UInt8], to descriptor: Int32) {
        do {
            try TerminalIO.write(descriptor, bytes)
        } catch {
            if descriptor == output { outputBroken = true }
        }
    }
}
