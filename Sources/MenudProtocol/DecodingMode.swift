/// How a result object is read: by the protocol's letter, or forgiving what a client can do
/// without.
///
/// The daemon and the tests read `.strict`: a missing or mistyped member throws a -32602 that
/// names it. A client reads `.tolerant`, so that it survives a newer or an odd daemon: unknown
/// members are ignored (in both modes), a member strict reading would refuse is left out when it
/// is optional and takes a neutral value (`""`, `0`, `false`, `[]`) when it is not. Only what an
/// object means nothing without (an item's `id`; a file's `path`, `size` and `state`; a menu's
/// `id`) throws in both modes. The rules are written once per type, each member read through
/// ``value(_:orElse:)``, so the two modes cannot drift apart.
public enum DecodingMode: Sendable, Equatable {
    case strict
    case tolerant

    /// `read()`; when tolerant, `fallback` instead of its error.
    public func value<T>(_ read: @autoclosure () throws(RPCError) -> T,
                         orElse fallback: @autoclosure () -> T) throws(RPCError) -> T {
        switch self {
        case .strict:
            return try read()
        case .tolerant:
            do {
                return try read()
            } catch {
                return fallback()
            }
        }
    }

    /// ``value(_:orElse:)`` that adds `member` to `missing` when the fallback is taken, for a
    /// client that shows only what the daemon said.
    public func value<T>(_ read: @autoclosure () throws(RPCError) -> T, orElse fallback: @autoclosure () -> T,
                         noting member: String, in missing: inout Set<String>) throws(RPCError) -> T {
        var fellBack = false
        let result = try value(read(), orElse: { () -> T in
            fellBack = true
            return fallback()
        }())
        if fellBack { missing.insert(member) }
        return result
    }
}
