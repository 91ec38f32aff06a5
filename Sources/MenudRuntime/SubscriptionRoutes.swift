import MenudCore
import MenudJSON
import MenudProtocol

/// `subscribe` and `unsubscribe`: which notifications a client gets (`files`, `menus`).
enum SubscriptionRoutes {
    static func register(on router: RPCRouter) {
        router.on(Subscribe.self) { params, context in subscribe(context.client, params, adding: true) }
        router.on(Unsubscribe.self) { params, context in subscribe(context.client, params, adding: false) }
    }

    private static func subscribe(_ client: ClientConnection, _ params: SubscriptionParams, adding: Bool) -> HandlerResult {
        let events = params.events
        if adding { client.subscriptions.formUnion(events) } else { client.subscriptions.subtract(events) }
        return .value(.object(["subscribed": .array(client.subscriptions.sorted().map { .string($0) })]))
    }
}
