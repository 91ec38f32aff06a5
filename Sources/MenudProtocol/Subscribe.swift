/// `subscribe`: adds notification kinds (`files`, `menus`) to the connection's.
public enum Subscribe: RPCMethod {
    public typealias Params = SubscriptionParams
    public static let name = "subscribe"
}
