import MenudJSON

/// A method's params: read from the request's JSON object, refusing what does not fit with
/// -32602 errors whose `data.param` names the field, and written back for a client's request.
public protocol RPCParams: Sendable {
    init(from params: JSONObject) throws(RPCError)
    /// The params as a client sends them.
    var json: JSONObject { get }
}
