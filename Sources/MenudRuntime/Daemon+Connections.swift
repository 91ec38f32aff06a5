import Foundation
import MenudCore
import MenudLoop
import MenudNative

extension Daemon {
    // MARK: Connections

    func accept(_ result: Result<PipeConnection, LoopError>) {
        let pipe: PipeConnection
        switch result {
        case .failure(let error) where error.isOutOfDescriptors:
            log.once("accept-descriptors", .warning, "no file descriptor is free (the open-file limit is \(descriptorBudget.limit)); new clients are refused with -32040 until some are. \(error)")
            return
        case .failure(let error):
            log.once("accept-\(error.name)", .warning, "accept failed: \(error)")
            return
        case .success(let accepted):
            pipe = accepted
        }
        if isStopping { pipe.close(); return }
        let peer = pipe.peerCredentials()
        let connection = ClientConnection(id: nextConnectionId, pipe: pipe, peer: peer, maxFrameBytes: settings.maxFrameBytes)
        nextConnectionId += 1
        if let uid = peer?.uid, uid != getuid(), !settings.allowUids.contains(uid) {
            log.warning("refused a connection from uid \(uid) (pid \(peer?.pid ?? 0)): not this user and not in allowUids")
            pipe.write(refusalLine(.permissionDenied("uid \(uid) may not use this daemon; the daemon's owner can add it to allowUids in the config")))
            pipe.closeAfterFlushing()
            return
        }
        if connections.count >= connectionLimit {
            let why = connectionLimit < settings.maxConnections
                ? "\(connectionLimit) clients are already connected, as many as the daemon's open-file limit allows (maxConnections is \(settings.maxConnections)); close some, or raise the limit (LimitNOFILE=, ulimit -n)"
                : "\(connectionLimit) clients are already connected; close some or raise maxConnections in the config"
            log.once("connection-limit", .warning, "refusing connections: \(why)")
            pipe.write(refusalLine(.busy(limit: "maxConnections", why)))
            // A short linger: refused clients must not hold descriptors for long (the reply is
            // in their receive queue already, ahead of the end of the connection).
            pipe.closeAfterFlushing(lingerMs: 250)
            return
        }
        log.forget("connection-limit")
        log.forget("accept-descriptors")
        connections[connection.id] = connection
        log.debug("client \(connection.id) connected (pid \(peer?.pid ?? 0))")
        do {
            try pipe.startReading { [unowned self, unowned connection] event in
                self.read(event, on: connection)
            }
        } catch {
            closeConnection(connection, reason: "could not read: \(error)")
        }
    }

    func read(_ event: PipeConnection.ReadEvent, on connection: ClientConnection) {
        switch event {
        case .data(let bytes):
            let events = connection.framer.append(bytes[...])
            for framed in events {
                if connection.isClosed { return }
                switch framed {
                case .line(let line):
                    process(line: line, on: connection)
                case .oversized(let limit):
                    var reply: [UInt8] = []
                    ResponseEncoder.error(id: .null, .invalidRequest("a message is longer than maxFrameBytes (\(limit) bytes); split it or raise maxFrameBytes in the config. The connection is closed."), into: &reply)
                    reply.append(0x0A)
                    connection.pipe.write(reply)
                    closeConnection(connection, reason: "frame over \(limit) bytes", flush: true)
                    return
                }
            }
        case .end:
            inputEnded(on: connection)
        case .failure(let error):
            closeConnection(connection, reason: "read failed: \(error)")
        }
    }

    /// The client shut down its side (`shutdown(SHUT_WR)`, as `socat` and `nc -N` do at the end
    /// of their input) or closed. A last line without its newline still counts. The answers it
    /// is owed (menus being built, actions acknowledged) are still written, then the connection
    /// closes; its open menus can never be dismissed now, so they close at once.
    private func inputEnded(on connection: ClientConnection) {
        connection.inputEnded = true
        read(.data([0x0A]), on: connection)
        settleEndedInput(of: connection)
    }

    /// For a client whose input ended: closes its undismissed menus, and the connection once
    /// nothing more is owed to it.
    func settleEndedInput(of connection: ClientConnection) {
        guard connection.inputEnded, !connection.isClosed else { return }
        let closed = menus.sessions.connectionClosed(ConnectionID(connection.id))
        for menu in closed { menus.open[menu] = nil }
        if !closed.isEmpty { armMenuExpiry() }
        if !owesAnswers(to: connection) { closeConnection(connection, reason: nil, flush: true) }
    }

    /// True while a menu is being built for the client or an action it acknowledged has not
    /// been answered.
    func owesAnswers(to connection: ClientConnection) -> Bool {
        menus.builds.values.contains { $0.reply.connection === connection }
            || menus.actions.values.contains { $0.reply.connection === connection && !$0.answered }
    }

    /// Forgets a client; its menus close and its pending actions never run.
    func closeConnection(_ connection: ClientConnection, reason: String?, flush: Bool = false) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connections[connection.id] = nil
        connectionClosed(connection)
        if flush { connection.pipe.closeAfterFlushing() } else { connection.pipe.close() }
        if let reason { log.info("client \(connection.id) disconnected: \(reason)") } else { log.debug("client \(connection.id) disconnected") }
    }

    // MARK: Requests

    func process(line: ArraySlice<UInt8>, on connection: ClientConnection) {
        switch RPCDecoder.decode(line: line) {
        case .parseError(let error), .emptyBatch(let error):
            send(error: error, id: .null, to: connection)
        case .single(let item):
            dispatch(item, target: ReplyTarget(connection: connection, id: item.requestId, batch: nil, slot: 0))
        case .batch(let items):
            let batch = BatchReply(count: items.count)
            for (index, item) in items.enumerated() {
                dispatch(item, target: ReplyTarget(connection: connection, id: item.requestId, batch: batch, slot: index))
            }
        }
    }

    func dispatch(_ item: RPCIncomingItem, target: ReplyTarget) {
        switch item {
        case .invalid(_, let error):
            finish(target, with: .failure(error))
        case .request(let request):
            guard let handler = methods[request.method] else {
                finish(target, with: .failure(.methodNotFound(request.method)))
                return
            }
            do {
                let result = try handler(self, target.connection, request, target)
                switch result {
                case .value(let value): finish(target, with: .success(.value(value)))
                case .encoded(let bytes): finish(target, with: .success(.encoded(bytes)))
                case .deferred: break  // answered later through finish(_:with:)
                }
            } catch let error as RPCError {
                finish(target, with: .failure(error))
            } catch {
                log.error("\(request.method) failed unexpectedly: \(error)")
                finish(target, with: .failure(.internalError("\(request.method) failed unexpectedly: \(error). Please report this with the daemon's log.")))
            }
        }
    }

    /// Answers a request (now, or later for deferred ones).
    func finish(_ target: ReplyTarget, with result: Result<HandlerResult, RPCError>) {
        let sent = reply(target, with: result)
        if target.connection.inputEnded { settleEndedInput(of: target.connection) }
        // A large answer (files.list of a big tree) leaves its copies as free heap; give it back.
        if sent >= Daemon.largeReplyBytes { scheduleTrim() }
    }

    /// Trims once the large answers stop (1 s after the last), so back-to-back listings reuse
    /// their pages instead of faulting fresh ones in each time.
    func scheduleTrim() {
        if trimTimer == nil { trimTimer = try? LoopTimer(loop: loop) }
        trimTimer?.start(afterMs: 1000) { MemoryUse.returnFreeMemory() }
    }

    /// Answers of this size or more are followed by handing free heap back to the system.
    static let largeReplyBytes = 1 << 20

    /// Sends the answer; returns how many bytes were written.
    func reply(_ target: ReplyTarget, with result: Result<HandlerResult, RPCError>) -> Int {
        let connection = target.connection
        guard !connection.isClosed else { return 0 }
        var response: [UInt8]?
        if let id = target.id {
            var bytes: [UInt8] = []
            switch result {
            case .success(.value(let value)): ResponseEncoder.result(id: id, value: value, into: &bytes)
            case .success(.encoded(let encoded)):
                bytes.reserveCapacity(encoded.count + 64)
                ResponseEncoder.result(id: id, encodedResult: encoded, into: &bytes)
            case .success(.deferred): return 0
            case .failure(let error): ResponseEncoder.error(id: id, error, into: &bytes)
            }
            response = bytes
        }
        if let batch = target.batch {
            guard let line = batch.fill(target.slot, with: response), !line.isEmpty else { return 0 }
            write(line, to: connection)
            return line.count
        }
        guard var line = response else { return 0 }
        response = nil  // `line` is now the only reference, so appending the newline does not copy it
        line.append(0x0A)
        write(line, to: connection)
        return line.count
    }

    func send(error: RPCError, id: RPCId, to connection: ClientConnection) {
        var line: [UInt8] = []
        ResponseEncoder.error(id: id, error, into: &line)
        line.append(0x0A)
        write(line, to: connection)
    }

    /// Writes to a client. A client whose earlier output is still queued past the cap has
    /// stopped reading: it is dropped instead (one large answer to a reading client is fine,
    /// so the queue is bounded by the cap plus one message).
    func write(_ line: [UInt8], to connection: ClientConnection) {
        guard !connection.isClosed else { return }
        if connection.pipe.pendingWriteBytes > settings.maxOutputBytesPerClient {
            log.warning("client \(connection.id) stopped reading: \(connection.pipe.pendingWriteBytes) bytes queued, over maxOutputBytesPerClient (\(settings.maxOutputBytesPerClient)); disconnecting it")
            closeConnection(connection, reason: nil)
            return
        }
        if !connection.pipe.write(line) {
            closeConnection(connection, reason: "write failed")
        }
    }
}
