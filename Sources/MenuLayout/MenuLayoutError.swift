/// A layout request that cannot be honored. `param` names the offending field the way the protocol
/// spells it (`layout.viewport.cols`, `layout.source.row`, `layout.width.fixed`, ...), ready for the
/// `data.param` of a `-32602` error; `message` says what to send instead.
public struct MenuLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    public let param: String
    public let message: String

    public init(param: String, message: String) {
        self.param = param
        self.message = message
    }

    public var description: String { message }
}
