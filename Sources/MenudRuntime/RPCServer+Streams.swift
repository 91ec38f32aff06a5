import MenudCore
import MenudLoop
import MenudProtocol

/// Answers streamed as the client reads them (`files.list` of a big tree): one piece per
/// streaming client per loop turn, and a client's next piece only once what it was sent before
/// has drained below ``streamWindowBytes``. So producing an answer never holds the loop for long,
/// a client that stops reading holds at most the window and a piece, and every other client is
/// served between the pieces. While its answer streams, a client's further messages wait
/// (``ClientConnection/heldInput``) and so does what else is written to it, so answers on a
/// connection keep the order they have without streaming; the messages that waited are then
/// taken a read's worth a turn, as if they had just arrived.
extension RPCServer {
    /// A streaming client gets its next piece only while less than this is queued for it.
    static let streamWindowBytes = 1 << 20
    /// How soon a turn looks again when every streaming client has its window full: 1 ms, then
    /// twice as long each time nothing could be sent, up to 64 ms (a client reading at full
    /// speed empties a window within a millisecond; one that stopped costs a wake-up a while).
    static let streamPollMs: UInt64 = 1
    static let streamPollLongestMs: UInt64 = 64

    /// Starts streaming `stream` as the answer to `target` (a request with an id, not in a
    /// batch), whose first piece `first` was taken already. The first piece goes out now.
    func startStream(_ stream: any ReplyStream, to target: ReplyTarget, id: RPCId, first: [UInt8]) {
        let client = target.client
        let queued = client.link.pendingOutputBytes
        guard !client.isClosed, queued <= settings.maxOutputBytesPerClient else {
            stream.cancel()
            if !client.isClosed {
                log.warning("client \(client.number) stopped reading: \(queued) bytes queued, over maxOutputBytesPerClient (\(settings.maxOutputBytesPerClient)); disconnecting it")
                closeConnection(client, reason: nil)
            }
            return
        }
        client.stream = StreamedReply(target: target, id: id, stream: stream, first: first)
        if !streamingClients.contains(where: { $0 === client }) { streamingClients.append(client) }
        if queued < RPCServer.streamWindowBytes {
            sendNextPiece(to: client)
        }
        if !streamingClients.isEmpty { scheduleStreams(afterMs: 0) }
    }

    /// Holds a message that arrived while an answer streams to its client. A client that keeps
    /// sending without reading is dropped once what waits passes `maxOutputBytesPerClient`.
    func hold(_ message: ArraySlice<UInt8>, from client: ClientConnection) {
        client.heldInput.append(message)
        client.heldInputBytes += message.count
        if client.heldInputBytes > settings.maxOutputBytesPerClient {
            log.warning("client \(client.number) sent \(client.heldInputBytes) bytes of requests while an answer to it was streaming, over maxOutputBytesPerClient (\(settings.maxOutputBytesPerClient)); disconnecting it")
            closeConnection(client, reason: nil)
        }
    }

    func scheduleStreams(afterMs delay: UInt64) {
        if streamTimer == nil {
            do {
                streamTimer = try scheduler.makeTimer()
            } catch {
                // No timer: the answers are finished in this turn, as without streaming.
                log.error("no timer to stream answers with (\(error)); writing them whole")
                while !streamingClients.isEmpty { streamTurn(unbounded: true) }
                return
            }
        }
        guard let timer = streamTimer else { return }
        if timer.isActive && delay > 0 { return }
        timer.start(afterMs: delay, repeatMs: 0) { [unowned self] in streamTurn(unbounded: false) }
    }

    /// One turn: a piece for every streaming client whose window has room, and for a client
    /// whose answer ended, its held requests (about what one read of the socket brings).
    func streamTurn(unbounded: Bool) {
        var progressed = false
        for client in streamingClients where !client.isClosed {
            if let reply = client.stream {
                if !unbounded && client.link.pendingOutputBytes >= RPCServer.streamWindowBytes { continue }
                progressed = true
                sendNextPiece(to: client, reply)
            } else if client.hasHeldInput {
                progressed = true
                processHeldInput(of: client)
            }
        }
        streamingClients.removeAll { $0.isClosed || ($0.stream == nil && !$0.hasHeldInput) }
        streamPollMs = progressed ? RPCServer.streamPollMs : min(streamPollMs * 2, RPCServer.streamPollLongestMs)
        if !streamingClients.isEmpty && !unbounded { scheduleStreams(afterMs: progressed ? 0 : streamPollMs) }
    }

    /// Held requests taken per turn for one client: about what one read of the socket brings.
    static let heldInputBytesPerTurn = 64 << 10

    private func sendNextPiece(to client: ClientConnection, _ known: StreamedReply? = nil) {
        guard let reply = known ?? client.stream else { return }
        let piece = reply.nextPiece()
        guard client.link.sendPiece(piece.bytes, isLast: piece.isLast) else {
            closeConnection(client, reason: "write failed")
            return
        }
        if piece.isLast { endStream(of: client) }
    }

    /// The answer went out: what waited is written, then the waiting requests are taken in
    /// order (``heldInputBytesPerTurn`` a turn) until one of them streams in turn.
    private func endStream(of client: ClientConnection) {
        guard let reply = client.stream else { return }
        client.stream = nil
        if reply.sentBytes >= RPCServer.largeReplyBytes { onLargeReply() }
        let output = client.heldOutput
        client.heldOutput = []
        client.heldOutputBytes = 0
        for message in output { write(message, to: client) }
        processHeldInput(of: client)
    }

    private func processHeldInput(of client: ClientConnection) {
        var taken = 0
        while client.stream == nil, !client.isClosed, client.hasHeldInput, taken < RPCServer.heldInputBytesPerTurn {
            let message = client.heldInput[client.heldInputStart]
            client.heldInput[client.heldInputStart] = []
            client.heldInputStart += 1
            client.heldInputBytes -= message.count
            taken += message.count
            process(message, on: client)
        }
        if !client.hasHeldInput {
            client.heldInput = []
            client.heldInputStart = 0
        }
        if client.inputEnded { settleEndedInput(of: client) }
    }

    /// A closing client's answer will not be finished: its cursor is released.
    func dropStream(of client: ClientConnection) {
        client.stream?.cancel()
        client.stream = nil
        client.heldOutput = []
        client.heldOutputBytes = 0
        client.heldInput = []
        client.heldInputStart = 0
        client.heldInputBytes = 0
    }
}
