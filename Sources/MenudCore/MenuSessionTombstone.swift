/// A closed menu remembered for a while, so late steps on it get a precise error.
struct MenuSessionTombstone: Hashable, Sendable {
    let connection: ConnectionID
    let closure: MenuSessionClosure
    let forgetAtMs: Int64
}
