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
public final class MenudClient: @unchecked Sendable {
    // `@unchecked`: the socket is written only under `sendLock` and read only by the reader
    // thread; everything else is under `stateLock`.
    private let socket: UnixSocketClient
    private let stateLock = NSLock()
    private let sendLock = NSLock()
    private var nextId: Int64 = 1
    private var waiting: [RPCId: CheckedContinuation<RPCResponse, any Error>] = [:]
    private var endReason: String?
    private let notificationSink: AsyncStream<ServerNotification>.Continuation

    /// The daemon's notifications (after ``subscribe(_:)``, and `action.progress` for the actions
    /// this client started). The sequence ends when the connection does.
    public let notifications: AsyncStream<ServerNotification>

    /// Connects to the daemon listening on `socketPath`.
    public init(socketPath: String) throws(MenudClientError) {
        do {
            socket = try UnixSocketClient(path: socketPath)
        } catch {
            throw .cannotConnect(socket: socketPath, reason: error.message)
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
        switch try await request(method: method, params: params) {
        case .result(_, let value): return value
        case .error(_, let error): throw error
        }
    }

    /// Ends the connection: calls still waiting throw ``MenudClientError/closed(_:)`` and
    /// ``notifications`` ends.
    public func close() {
        stateLock.withLock { if endReason == nil { endReason = "closed by the client" } }
        socket.shutdown()
    }

    private func request(method: String, params: JSONObject) async throws -> RPCResponse {
        try await withCheckedThrowingContinuation { continuation in
            var line: [UInt8] = []
            let refusal = stateLock.withLock { () -> String? in
                if let endReason { return endReason }
                let id = RPCId.int(nextId)
                nextId += 1
                waiting[id] = continuation
                RPCEncoder.request(id: id, method: method, params: params, into: &line)
                return nil
            }
            if let refusal {
                continuation.resume(throwing: MenudClientError.closed(refusal))
                return
            }
            // Not under `stateLock`: a send that waits for the daemon to read must not stop the
            // reader from taking answers, or both sides would wait for each other.
            let failure = sendLock.withLock { () -> String? in
                do {
                    try socket.send(line)
                    return nil
                } catch {
                    return "sending failed: \((error as? SystemError)?.message ?? "\(error)")"
                }
            }
            // The reader then sees the end and fails every waiting call, this one included.
            if let failure {
                stateLock.withLock { if endReason == nil { endReason = failure } }
                socket.shutdown()
            }
        }
    }

    /// The reader thread: files every line until the end of the stream, then fails what waits.
    private func readUntilTheEnd() {
        var reason = "the daemon closed the connection"
        while true {
            let line: [UInt8]?
            do {
                line = try socket.readLine()
            } catch {
                reason = "reading failed: \(error.message)"
                break
            }
            guard let line else { break }
            // A line that is not a JSON-RPC message cannot be matched to anything; skip it.
            guard !line.isEmpty, let message = try? RPCDecoder.decodeServerMessage(line: line) else { continue }
            switch message {
            case .response(let response): answer(response)
            case .batch(let responses): responses.forEach(answer)
            case .notification(let method, let params): notificationSink.yield(ServerNotification(method: method, params: params))
            }
        }
        let (finalReason, abandoned) = stateLock.withLock {
            if endReason == nil { endReason = reason }
            let abandoned = Array(waiting.values)
            waiting.removeAll()
            return (endReason ?? reason, abandoned)
        }
        for continuation in abandoned { continuation.resume(throwing: MenudClientError.closed(finalReason)) }
        notificationSink.finish()
    }

    private func answer(_ response: RPCResponse) {
        let continuation = stateLock.withLock { waiting.removeValue(forKey: response.id) }
        continuation?.resume(returning: response)
    }
}
