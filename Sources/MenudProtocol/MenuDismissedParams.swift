import MenudJSON

/// `menu.dismissed`'s params: the menu, and what the user typed when the item asked for input.
public struct MenuDismissedParams: RPCParams, Equatable {
    public var menu: String
    public var input: String?

    public init(menu: String, input: String? = nil) {
        self.menu = menu
        self.input = input
    }

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: Self.keys)
        menu = try MenuSelectParams.menu(params)
        input = try params.optionalString("input")
    }

    public var json: JSONObject {
        var object: JSONObject = ["menu": .string(menu)]
        if let input { object["input"] = .string(input) }
        return object
    }

    /// The params it takes, built once: an array literal here was built for every request.
    private static let keys = ["menu", "input"]
}
