/// A closed menu remembered for a while, so late steps on it get a precise error. When it is
/// forgotten is kept beside its id in the table's `tombstoneOrder`.
struct MenuSessionTombstone: Hashable, Sendable {
    let connection: ConnectionID
    let closure: MenuSessionClosure
}
