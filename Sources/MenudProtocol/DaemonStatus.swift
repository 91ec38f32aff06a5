/// `daemon.status`: what the daemon watches and how it is doing.
public enum DaemonStatus: RPCMethod {
    public typealias Params = NoParams
    public static let name = "daemon.status"
}
