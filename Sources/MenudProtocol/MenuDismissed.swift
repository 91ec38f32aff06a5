/// `menu.dismissed`: the menu is gone from the screen (after a select, with the prompt's input).
public enum MenuDismissed: RPCMethod {
    public typealias Params = MenuDismissedParams
    public static let name = "menu.dismissed"
}
