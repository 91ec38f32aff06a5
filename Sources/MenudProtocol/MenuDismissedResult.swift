import MenudJSON

/// The `menu.dismissed` result: `{ran: false}` when nothing was chosen, else (once the action
/// has finished) `{ran: true, item, outcome: {message?, output?}}`.
public struct MenuDismissedResult: Sendable, Equatable {
    public var ran: Bool
    /// The item whose action ran.
    public var item: String?
    public var outcome: MenuActionOutcome?

    public init(ran: Bool, item: String? = nil, outcome: MenuActionOutcome? = nil) {
        self.ran = ran
        self.item = item
        self.outcome = outcome
    }

    /// The answer when nothing was chosen.
    public static let nothingRan = MenuDismissedResult(ran: false)

    /// The answer for the action of `item`, finished with `outcome`.
    public static func ran(item: String, outcome: MenuActionOutcome) -> MenuDismissedResult {
        MenuDismissedResult(ran: true, item: item, outcome: outcome)
    }

    /// Reads the result; a missing or mistyped member throws a -32602 that names it.
    /// Tolerantly (``DecodingMode``) nothing throws: an answer that does not say `ran: false`
    /// counts as run, and a missing or unreadable item or outcome is left out.
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        ran = try mode.value(object.requiredBool("ran"), orElse: true)
        guard ran else { return }
        item = try mode.value(object.requiredString("item"), orElse: nil)
        outcome = try mode.value(MenuActionOutcome(from: object.requiredObject("outcome"), mode: mode), orElse: nil)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(ascii: "ran"); writer.writeBool(ran)
        if let item { writer.stringMember(ascii: "item", item) }
        if let outcome { writer.key(ascii: "outcome"); outcome.write(to: &writer) }
        writer.endObject()
    }

    /// The result as JSON bytes.
    public var encoded: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256)
        write(to: &writer)
        return writer.bytes
    }
}
