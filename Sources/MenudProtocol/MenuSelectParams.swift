import MenudJSON

/// `menu.select`'s params: the menu and the id of the item picked.
public struct MenuSelectParams: RPCParams, Equatable {
    public var menu: String
    public var item: String

    public init(menu: String, item: String) {
        self.menu = menu
        self.item = item
    }

    public init(from params: JSONObject) throws(RPCError) {
        try params.rejectUnknownKeys(allowed: Self.keys)
        menu = try Self.menu(params)
        guard let item = try params.optionalString("item") else {
            throw .invalidParams(param: "item", "item is required: the id of one of the menu's items")
        }
        self.item = item
    }

    public var json: JSONObject { ["menu": .string(menu), "item": .string(item)] }

    /// The `menu` every menu method after `menu.open` takes.
    static func menu(_ params: JSONObject) throws(RPCError) -> String {
        guard let text = try params.optionalString("menu") else {
            throw .invalidParams(param: "menu", "menu is required: the id menu.open returned")
        }
        return text
    }

    /// The params it takes, built once: an array literal here was built for every request.
    private static let keys = ["menu", "item"]
}
