import Foundation
import MenudJSON
import MenudNative
import MenudProtocol

/// A typed client of menud over its Unix socket.
///
///     let client = try MenudClient(socketPath: "/run/user/1000/menud.sock")
///     let status = try await client.status()
///     let file = try await client.file("videos/intro.mp4")
///
/// Calls may be made from many tasks at once: each request goes out as soon as it is made and
/// its answer is matched by id (pipelining). Notifications arrive in ``notifications``, in the
/// order the daemon sent them, until the connection ends. Call ``close()`` when done: a reader
/// thread keeps the connection (and the client) alive until then or until the daemon closes it.
/// Ids, framing and matching are an ``RPCClientSession``'s; this class adds the socket, the
/// thread and the continuations.
public final class MenudClient: @unchecked Sendable {
    private typealias Waiter = CheckedContinuation<RPCResponse, any Error>

    // `@unchecked`: the socket is written only under `sendLock` and read only by the reader
    // thread; everything else is under `stateLock`.
    private let socket: UnixSocketClient
    private let stateLock = NSLock()
    private let sendLock = NSLock()
    private var session = RPCClientSession<Waiter>()
    private var endReason: MenudClientError?
    private let notificationSink: AsyncStream<ServerNotification>.Continuation

    /// The daemon's notifications (after ``subscribe(_:)``, and `action.progress` for the actions
    /// this client started). The sequence ends when the connection does.
    public let notifications: AsyncStream<ServerNotification>

    /// Connects to the daemon listening on `socketPath`.
    public init(socketPath: String) throws(MenudClientError) {
        do {
            socket = try UnixSocketClient(path: socketPath)
        } catch {
            throw .cannotConnect(socket: socketPath, error)
        }
        (notifications, notificationSink) = AsyncStream.makeStream(of: ServerNotification.self)
        let reader = Thread { [self] in readUntilTheEnd() }
        reader.name = "MenudClient reader"
        reader.start()
    }

    /// Calls `method` with its typed params and returns the result as JSON. An error answer
    /// throws the daemon's `RPCError`; a connection that ends first throws ``MenudClientError``.
    public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) async throws -> JSONValue {
        try await call(method: M.name, params: params.json)
    }

    /// Calls a method by name (one this library has no type for yet).
    public func call(method: String, params: JSONObject = JSONObject()) async throws -> JSONValue {
        try await request(method: method, params: params).outcome.get()
    }

    /// Ends the connection: calls still waiting throw ``MenudClientError/closed(_:)`` and
    /// ``notifications`` ends.
    public func close() {
        stateLock.withLock { if endReason == nil { endReason = .closed("closed by the client") } }
        socket.shutdown()
    }

    private func request(method: String, params: JSONObject) async throws -> RPCResponse {
        try await withCheckedThrowingContinuation { continuation in
            let prepared = stateLock.withLock { () -> Result<[UInt8], MenudClientError> in
                if let endReason { return .failure(endReason) }
                return .success(session.request(method: method, params: params, waiter: continuation).line)
            }
            guard case .success(let line) = prepared else {
                if case .failure(let refusal) = prepared { continuation.resume(throwing: refusal) }
                return
            }
            // Not under `stateLock`: a send that waits for the daemon to read must not stop the
            // reader from taking answers, or both sides would wait for each other.
            let failure = sendLock.withLock { () -> MenudClientError? in
                do throws(SystemError) {
                    try socket.send(line)
                    return nil
                } catch {
                    return .sendingFailed(error)
                }
            }
            // The reader then sees the end and fails every waiting call, this one included.
            if let failure {
                stateLock.withLock { if endReason == nil { endReason = failure } }
                socket.shutdown()
            }
        }
    }

    /// The reader thread: feeds what the socket gives to the session until the end of the
    /// stream, then fails what waits.
    private func readUntilTheEnd() {
        var reason = MenudClientError.closedByDaemon
        while true {
            let bytes: [UInt8]?
            do {
                bytes = try socket.receive()
            } catch {
                reason = .readingFailed(error)
                break
            }
            guard let bytes else { break }
            handle(stateLock.withLock { session.receive(bytes[...]) })
        }
        let events = stateLock.withLock {
            if endReason == nil { endReason = reason }
            return session.finish()
        }
        handle(events)
        notificationSink.finish()
    }

    /// Resumes answered calls and passes notifications on; outside `stateLock`.
    private func handle(_ events: [RPCClientEvent<Waiter>]) {
        for event in events {
            switch event {
            case .answer(let response, _, let continuation):
                continuation.resume(returning: response)
            case .notification(let notification):
                notificationSink.yield(notification)
            case .ended(let abandoned):
                let error = stateLock.withLock { endReason } ?? .closedByDaemon
                for request in abandoned { request.waiter.resume(throwing: error) }
            case .line:
                continue
            }
        }
    }
}
