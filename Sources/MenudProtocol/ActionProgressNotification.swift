import MenudJSON

/// `action.progress`: how far a running action is, sent to the client that started it.
public struct ActionProgressNotification: RPCNotification, RPCNotificationWriting, Equatable {
    public static let method = "action.progress"

    public var menu: String
    /// 0 to 1.
    public var fraction: Double
    public var message: String?

    public init(menu: String, fraction: Double, message: String? = nil) {
        self.menu = menu
        self.fraction = fraction
        self.message = message
    }

    public init(from params: JSONObject) throws(RPCError) {
        menu = try params.requiredString("menu")
        guard let fraction = try params.optionalDouble("fraction") else {
            throw .invalidParams(param: "fraction", "fraction is required: a number from 0 to 1")
        }
        self.fraction = fraction
        message = try params.optionalString("message")
    }

    public func writeParams(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "menu", menu)
        writer.key(ascii: "fraction"); writer.writeDouble(fraction)
        if let message { writer.stringMember(ascii: "message", message) }
        writer.endObject()
    }
}
