import MenudCore
@testable import MenudRuntime

/// An RPC server on an embedded transport, with test routes: `test.echo` answers its params,
/// `test.later` answers later through a responder the test holds.
final class ServerHarness {
    let log = Logger(level: .error, journal: false)
    let scheduler = ManualScheduler()
    let transport: EmbeddedTransport
    let server: RPCServer
    var settings: DaemonSettings
    /// The responders `test.later` took, in order.
    private(set) var later: [Responder] = []

    init(_ change: (inout MenudConfig) -> Void = { _ in }) throws {
        settings = try TestSettings.make(change)
        transport = EmbeddedTransport(maxMessageBytes: settings.maxFrameBytes)
        server = RPCServer(settings: settings, actionSlots: settings.maxRunningActions, log: log, scheduler: scheduler)
        server.router.on("test.echo") { request, _ in .value(.object(["params": .object(request.params)])) }
        server.router.on("test.later") { [unowned self] _, context in
            later.append(context.deferAnswer())
            return .deferred
        }
        SubscriptionRoutes.register(on: server.router)
        try server.start()
        try TransportService(transport: transport, server: server).start()
    }

    /// Applies changed settings the way a reload does, to the server and the transport.
    func reload(_ change: (inout MenudConfig) -> Void) throws {
        settings = try TestSettings.make(change)
        let configuration = TestSettings.configuration(settings)
        server.reload(configuration)
        TransportService(transport: transport, server: server).reload(configuration)
    }
}
