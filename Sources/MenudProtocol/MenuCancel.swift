/// `menu.cancel`: the menu closed without a choice.
public enum MenuCancel: RPCMethod {
    public typealias Params = MenuCancelParams
    public static let name = "menu.cancel"
}
