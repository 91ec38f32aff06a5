/// `menu.open`: builds a menu for a target and opens a session for it.
public enum MenuOpen: RPCMethod {
    public typealias Params = MenuOpenParams
    public static let name = "menu.open"
}
