/// The options every command takes: where the daemon is and whether to color.
public struct GlobalOptions: Sendable, Equatable {
    /// `--socket PATH`; `nil` to use `MENUD_SOCKET` or the daemon's default (``SocketLocation``).
    public var socketPath: String?
    /// `--color auto|always|never`.
    public var color: ColorMode.Preference

    public init(socketPath: String? = nil, color: ColorMode.Preference = .auto) {
        self.socketPath = socketPath
        self.color = color
    }

    /// The option names (without `--`) that take a value.
    static let valued: Set<String> = ["socket", "color"]

    /// These options updated from `arguments` (the last one given wins).
    func updated(from arguments: ParsedArguments, command: String) throws(MenuctlError) -> GlobalOptions {
        var options = self
        if let socket = arguments.value("socket") {
            guard !socket.isEmpty else { throw .usage("--socket needs a path.", command: command) }
            options.socketPath = socket
        }
        if let color = arguments.value("color") {
            do {
                options.color = try ColorMode.Preference(argument: color)
            } catch {
                throw .usage(error.description, command: command)
            }
        }
        return options
    }
}
