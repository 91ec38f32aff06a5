/// `unsubscribe`: removes notification kinds from the connection's.
public enum Unsubscribe: RPCMethod {
    public typealias Params = SubscriptionParams
    public static let name = "unsubscribe"
}
