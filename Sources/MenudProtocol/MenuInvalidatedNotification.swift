import MenudJSON

/// `menu.invalidated`: an open menu's target changed; acting on it now would act on something
/// else than the menu showed.
public struct MenuInvalidatedNotification: RPCNotification, RPCNotificationWriting, Equatable {
    public static let method = "menu.invalidated"

    public var menu: String
    public var reason: String

    public init(menu: String, reason: String) {
        self.menu = menu
        self.reason = reason
    }

    public init(from params: JSONObject) throws(RPCError) {
        try self.init(from: params, mode: .strict)
    }

    /// Reads the notification; tolerantly (``DecodingMode``) only `menu` is needed (a missing
    /// reason is empty), so that a client still closes the menu.
    public init(from params: JSONObject, mode: DecodingMode) throws(RPCError) {
        menu = try params.requiredString("menu")
        reason = try mode.value(params.requiredString("reason"), orElse: "")
    }

    public func writeParams(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "menu", menu)
        writer.stringMember(ascii: "reason", reason)
        writer.endObject()
    }
}
