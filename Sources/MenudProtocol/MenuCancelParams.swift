import MenudJSON

/// `menu.cancel`'s params: the menu that closed without a choice.
public struct MenuCancelParams: RPCParams, Equatable {
    public var menu: String

    public init(menu: String) {
        self.menu = menu
    }

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: Self.keys)
        menu = try MenuSelectParams.menu(params)
    }

    public var json: JSONObject { ["menu": .string(menu)] }

    /// The params it takes, built once: an array literal here was built for every request.
    private static let keys = ["menu"]
}
