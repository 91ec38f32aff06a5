/// `menu.select`: the user picked an item of an open menu.
public enum MenuSelect: RPCMethod {
    public typealias Params = MenuSelectParams
    public static let name = "menu.select"
}
