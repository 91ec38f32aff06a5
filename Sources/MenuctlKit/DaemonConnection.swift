import Glibc
import MenudCore
import MenudClient
import MenudNative
import MenudJSON
import MenudProtocol

/// `menuctl`'s line-delimited JSON-RPC connection to the daemon: a synchronous driver of
/// MenudClient's ``RPCClientSession`` (which assigns the ids 1, 2, 3..., frames the lines and
/// matches answers to requests), polled on one thread together with the keyboard.
///
/// ``call(_:_:timeoutMs:)`` sends one request and waits for its answer, keeping whatever else
/// arrives meanwhile: notifications in ``pendingNotifications`` (take them with
/// ``takeNotifications()``), answers to other requests for their own wait. For a poll loop, watch
/// ``fileDescriptor`` and call ``readAvailable()`` when it is ready.
///
/// Failures map to `menuctl`'s exit codes: nothing listening, a refused connection, no answer in
/// time or the connection closed before the answer give exit 3 (no daemon answers); an error
/// answer gives exit 1 with the daemon's message (``MenuctlError/rpcError`` keeps the error).
public final class DaemonConnection {
    public let socketPath: String
    private let socket: UnixSocketClient
    private var session = RPCClientSession<Void>()
    private var closed = false
    /// Notifications read and not taken yet, oldest first.
    public private(set) var pendingNotifications: [ServerNotification] = []
    /// Answers read and not taken yet, by the id of their request.
    private var answers: [RPCId: RPCResponse] = [:]
    /// Raw lines read and not taken yet (kept only while ``keepsRawLines`` is on).
    private var rawLines: [[UInt8]] = []

    /// Keep every line read, for `menuctl raw`.
    public var keepsRawLines: Bool {
        get { session.reportsLines }
        set { session.reportsLines = newValue }
    }

    /// How long an ordinary request may take before the daemon counts as not answering.
    public static let defaultTimeoutMs = 15_000

    /// Connects to `socketPath`.
    public init(socketPath: String) throws(MenuctlError) {
        self.socketPath = socketPath
        do {
            socket = try UnixSocketClient(path: socketPath)
        } catch {
            throw Self.noDaemon(socketPath: socketPath, .cannotConnect(socket: socketPath, error))
        }
    }

    /// The exit-3 error for a connection that failed or ended.
    static func noDaemon(socketPath: String, _ error: MenudClientError) -> MenuctlError {
        noDaemon(socketPath: socketPath, reason: error.reason)
    }

    /// The exit-3 error for a daemon that does not answer on `socketPath`.
    public static func noDaemon(socketPath: String, reason: String) -> MenuctlError {
        MenuctlError(
            message: "no daemon answers on \(socketPath) (\(reason)). Start one with `menud --root DIR` or `systemctl --user start menud.socket`, or point --socket / MENUD_SOCKET at the right socket.",
            exitCode: MenuctlExitCode.noDaemon
        )
    }

    /// The socket's descriptor, for polling together with the keyboard.
    public var fileDescriptor: Int32 { socket.fileDescriptor }

    /// Whether the daemon has closed the connection.
    public var isClosed: Bool { closed }

    // MARK: Sending

    /// Sends a request and returns its id without waiting for the answer.
    @discardableResult
    public func send(_ method: String, _ params: JSONObject = JSONObject()) throws(MenuctlError) -> RPCId {
        let request = session.request(method: method, params: params, waiter: ())
        try sendLine(request.line)
        return request.id
    }

    /// Sends a request of the protocol's `method` with its typed params; returns its id.
    @discardableResult
    public func send<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws(MenuctlError) -> RPCId {
        try send(M.name, params.json)
    }

    /// Sends `bytes` as they are; a newline is added when missing.
    public func sendLine(_ bytes: [UInt8]) throws(MenuctlError) {
        var line = bytes
        if line.last != 0x0A { line.append(0x0A) }
        do {
            try socket.send(line)
        } catch {
            closed = true
            throw Self.noDaemon(socketPath: socketPath, .sendingFailed(error))
        }
    }

    // MARK: Waiting

    /// Sends a request and waits for its result. An error answer throws (exit 1, with the daemon's
    /// message); `timeoutMs` `nil` waits as long as the connection lives (for `menu.dismissed`,
    /// which answers when the action ends).
    public func call(_ method: String, _ params: JSONObject = JSONObject(), timeoutMs: Int? = defaultTimeoutMs) throws(MenuctlError) -> JSONValue {
        let id = try send(method, params)
        return try result(of: id, method: method, timeoutMs: timeoutMs)
    }

    /// ``call(_:_:timeoutMs:)`` for the protocol's `method` with its typed params.
    public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params, timeoutMs: Int? = defaultTimeoutMs) throws(MenuctlError) -> JSONValue {
        try call(M.name, params.json, timeoutMs: timeoutMs)
    }

    /// Waits for the answer to request `id` and returns its result, throwing for an error answer.
    public func result(of id: RPCId, method: String, timeoutMs: Int? = defaultTimeoutMs) throws(MenuctlError) -> JSONValue {
        switch try response(to: id, method: method, timeoutMs: timeoutMs) {
        case .result(_, let value):
            return value
        case .error(_, let error):
            throw Self.failure(error)
        }
    }

    /// The exit-1 error for an error answer.
    public static func failure(_ error: RPCError) -> MenuctlError {
        MenuctlError(message: error.message, exitCode: MenuctlExitCode.failure, rpcError: error)
    }

    /// Waits for the answer to request `id` (reading and keeping everything else that arrives).
    public func response(to id: RPCId, method: String, timeoutMs: Int? = defaultTimeoutMs) throws(MenuctlError) -> RPCResponse {
        let deadline = timeoutMs.map { MonotonicTime.nowMs() + Int64($0) }
        while true {
            if let response = answers.removeValue(forKey: id) { return response }
            if closed {
                throw Self.noDaemon(socketPath: socketPath, reason: "the daemon closed the connection before answering \(method)")
            }
            var wait: Int32 = -1
            if let deadline {
                let remaining = deadline - MonotonicTime.nowMs()
                if remaining <= 0 {
                    throw Self.noDaemon(socketPath: socketPath, reason: "no answer to \(method) within \((timeoutMs ?? 0) / 1000) s")
                }
                wait = Int32(min(remaining, Int64(Int32.max)))
            }
            let ready: [Int32]
            do {
                ready = try TerminalPoller.wait([fileDescriptor], timeoutMs: wait)
            } catch {
                throw .failure("waiting for the daemon failed: \(error.description)")
            }
            if !ready.isEmpty { try readAvailable() }
        }
    }

    /// The answer to `id` when it has been read (it is then forgotten); `nil` while it has not.
    public func takeResponse(to id: RPCId) -> RPCResponse? {
        answers.removeValue(forKey: id)
    }

    /// Reads what the socket has now (call it when a poll says it is ready) and files what it
    /// completes: answers for ``response(to:method:timeoutMs:)``, notifications into
    /// ``pendingNotifications``. At end of stream ``isClosed`` turns true.
    public func readAvailable() throws(MenuctlError) {
        let bytes: [UInt8]?
        do {
            bytes = try socket.receive()
        } catch {
            closed = true
            throw Self.noDaemon(socketPath: socketPath, .readingFailed(error))
        }
        guard let bytes else {
            closed = true
            file(session.finish())
            return
        }
        file(session.receive(bytes[...]))
    }

    private func file(_ events: [RPCClientEvent<Void>]) {
        for event in events {
            switch event {
            case .line(let line): rawLines.append(line)
            case .answer(let response, _, _): answers[response.id] = response
            case .notification(let notification): pendingNotifications.append(notification)
            case .ended: continue
            }
        }
    }

    /// The notifications read so far, oldest first; they are not returned again.
    public func takeNotifications() -> [ServerNotification] {
        defer { pendingNotifications.removeAll() }
        return pendingNotifications
    }

    /// The raw lines read so far (with ``keepsRawLines`` on), oldest first.
    public func takeRawLines() -> [[UInt8]] {
        defer { rawLines.removeAll() }
        return rawLines
    }

    /// Reads until a line is available or `timeoutMs` passes (for `raw`); false on timeout or
    /// when the connection closed.
    func waitForLines(timeoutMs: Int) throws(MenuctlError) -> Bool {
        let deadline = MonotonicTime.nowMs() + Int64(timeoutMs)
        while rawLines.isEmpty && !closed {
            let remaining = deadline - MonotonicTime.nowMs()
            if remaining <= 0 { return false }
            let ready: [Int32]
            do {
                ready = try TerminalPoller.wait([fileDescriptor], timeoutMs: Int32(remaining))
            } catch {
                throw .failure("waiting for the daemon failed: \(error.description)")
            }
            if !ready.isEmpty { try readAvailable() }
        }
        return !rawLines.isEmpty
    }

    /// Closes the connection.
    public func close() {
        socket.close()
        closed = true
    }
}
