/// A handshake step that cannot be taken. Each case has a sentence a person can act on
/// (``message``) and the wire error code the runtime answers with (``rpcCode``).
public enum MenuSessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No open menu with this id on this connection (unknown, closed, expired, or another
    /// connection's). `detail` says which, as far as the table knows. `-32020`.
    case menuNotFound(menu: MenuID, detail: String)
    /// A step out of order, such as a second `menu.select`. `-32021`.
    case menuState(menu: MenuID, detail: String)
    /// The menu has no item with this id. `-32602` (invalid params, `data.param = "item"`).
    case itemNotFound(menu: MenuID, item: String)
    /// The item is disabled, or is a submenu / inline group. `-32022`.
    case itemDisabled(menu: MenuID, item: String, isSubmenu: Bool)
    /// The menu was closed because its target changed or vanished. `-32023`.
    case menuInvalidated(menu: MenuID, reason: String)
    /// The selected item asks for input and `menu.dismissed` brought none; the menu stays
    /// selected so the client can send it again with input. `-32602` (`data.param = "input"`).
    case inputRequired(menu: MenuID, item: String)
    /// A limit was hit; `limit` names it (`data.limit`), `value` is its setting. `-32040`.
    case busy(limit: String, value: Int)
    /// `open` was given two items with the same id: a bug in the caller. `-32603`.
    case duplicateItemID(String)

    /// The JSON-RPC error code for this error.
    public var rpcCode: Int {
        switch self {
        case .menuNotFound: -32020
        case .menuState: -32021
        case .itemDisabled: -32022
        case .menuInvalidated: -32023
        case .busy: -32040
        case .itemNotFound, .inputRequired: -32602
        case .duplicateItemID: -32603
        }
    }

    /// For `-32602`: the request parameter at fault (`data.param`).
    public var param: String? {
        switch self {
        case .itemNotFound: "item"
        case .inputRequired: "input"
        default: nil
        }
    }

    /// For `-32040`: the limit's name (`data.limit`).
    public var limit: String? {
        if case .busy(let limit, _) = self { return limit }
        return nil
    }

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .menuNotFound(let menu, let detail):
            "Menu \(menu) is not open: \(detail). Open a new menu."
        case .menuState(let menu, let detail):
            "Menu \(menu): \(detail)."
        case .itemNotFound(let menu, let item):
            "Menu \(menu) has no item \"\(item)\"; choose one of the item ids it was opened with."
        case .itemDisabled(let menu, let item, let isSubmenu):
            isSubmenu
                ? "Item \"\(item)\" of menu \(menu) holds other items and cannot be chosen itself; choose one of its children."
                : "Item \"\(item)\" of menu \(menu) is disabled and cannot be chosen; its status says why."
        case .menuInvalidated(let menu, let reason):
            "Menu \(menu) was closed because its target changed (\(reason)). Open a new menu."
        case .inputRequired(let menu, let item):
            "Item \"\(item)\" of menu \(menu) needs a line of text; send it as \"input\" with menu.dismissed."
        case .busy(let limit, let value):
            limit == "maxOpenMenusPerConnection"
                ? "This connection already has \(value) open menus (limit \(limit)); dismiss or cancel one first."
                : "The limit \(limit) (\(value)) is reached; try again when something finishes."
        case .duplicateItemID(let item):
            "The menu lists item id \"\(item)\" twice; every item needs its own id."
        }
    }

    /// Same as ``message``.
    public var description: String { message }
}
