import MenudCore
import MenudJSON
import MenudProtocol

extension RPCError {
    /// The wire form of a handshake error.
    init(_ error: MenuSessionError) {
        var data = JSONObject()
        if let param = error.param { data["param"] = .string(param) }
        if let limit = error.limit { data["limit"] = .string(limit) }
        self.init(code: error.rpcCode, message: error.message, data: data.count == 0 ? nil : .object(data))
    }

    /// The wire form of a scheduling error (a full queue).
    init(_ error: ActionSchedulerError) {
        self.init(code: error.rpcCode, message: error.message, data: ["limit": "maxQueuedActions"])
    }
}
