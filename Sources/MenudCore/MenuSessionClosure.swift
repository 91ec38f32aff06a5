/// Why a remembered menu was closed (internal: it shapes the error a late step gets).
enum MenuSessionClosure: Hashable, Sendable {
    case dismissed
    case cancelled
    case expired
    case invalidated(String)
}
