/// Opens the door last and closes it first: starts the transport once everything a request
/// needs runs (the descriptors the daemon holds for itself are all open by then, so the
/// server's descriptor budget is measured here), and stops taking clients first at shutdown,
/// while the clients already connected still get their answers.
final class TransportService: DaemonService {
    let name = "transport"
    private let transport: any RPCTransport
    private let server: RPCServer

    init(transport: any RPCTransport, server: RPCServer) {
        self.transport = transport
        self.server = server
    }

    func start() throws {
        try transport.start(server)
        server.transportStarted()
    }

    func reload(_ configuration: DaemonConfiguration) {
        transport.setMaxMessageBytes(configuration.settings.maxFrameBytes)
    }

    func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
        transport.stop()
        server.stopAccepting()
        done()
    }
}
