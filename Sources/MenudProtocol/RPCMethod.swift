import MenudJSON

/// One method of the protocol: its name on the wire and the type of its params. The daemon routes
/// by it (`router.on(FilesList.self) { params, context in ... }`) and a client calls by it, so the
/// name and the params' rules live in one place.
public protocol RPCMethod {
    associatedtype Params: RPCParams
    /// The method's name on the wire, e.g. `files.list`.
    static var name: String { get }
}
