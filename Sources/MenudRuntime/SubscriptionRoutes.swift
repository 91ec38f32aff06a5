import MenudCore
import MenudJSON
import MenudProtocol

/// `subscribe` and `unsubscribe`: which notifications a client gets (`files`, `menus`).
enum SubscriptionRoutes {
    static func register(on router: RPCRouter) {
        router.on("subscribe") { request, context throws(RPCError) in
            try subscribe(context.client, request.params, adding: true)
        }
        router.on("unsubscribe") { request, context throws(RPCError) in
            try subscribe(context.client, request.params, adding: false)
        }
    }

    private static func subscribe(_ client: ClientConnection, _ params: JSONObject, adding: Bool) throws(RPCError) -> HandlerResult {
        try params.rejectUnknownKeys(allowed: ["events"])
        guard let events = try params.optionalStringArray("events") else {
            throw .invalidParams(param: "events", "events is required: a list with \"files\" and/or \"menus\"")
        }
        for event in events where event != "files" && event != "menus" {
            throw .invalidParams(param: "events", "unknown event kind \"\(event)\"; use \"files\" and/or \"menus\"")
        }
        if adding { client.subscriptions.formUnion(events) } else { client.subscriptions.subtract(events) }
        return .value(.object(["subscribed": .array(client.subscriptions.sorted().map { .string($0) })]))
    }
}
