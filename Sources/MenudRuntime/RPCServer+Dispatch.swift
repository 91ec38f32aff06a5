import MenudCore
import MenudProtocol

extension RPCServer {
    // MARK: Requests

    /// One message from a client: a request, a notification or a batch of them.
    func process(_ message: ArraySlice<UInt8>, on client: ClientConnection) {
        switch RPCDecoder.decode(line: message) {
        case .parseError(let error), .emptyBatch(let error):
            send(error: error, id: .null, to: client)
        case .single(let item):
            dispatch(item, target: ReplyTarget(client: client, id: item.requestId, batch: nil, slot: 0))
        case .batch(let items):
            let batch = BatchReply(count: items.count)
            for (index, item) in items.enumerated() {
                dispatch(item, target: ReplyTarget(client: client, id: item.requestId, batch: batch, slot: index))
            }
        }
    }

    func dispatch(_ item: RPCIncomingItem, target: ReplyTarget) {
        switch item {
        case .invalid(_, let error):
            finish(target, with: .failure(error))
        case .request(let request):
            guard let handler = router.handler(for: request.method) else {
                finish(target, with: .failure(.methodNotFound(request.method)))
                return
            }
            do {
                let result = try handler(request, RequestContext(target: target, server: self))
                switch result {
                case .value, .encoded, .encodedAroundNumber: finish(target, with: .success(result))
                case .deferred: break  // answered later through a Responder
                case .streamed(let stream):
                    // A small answer is complete in its first piece and written as before.
                    var bytes: [UInt8] = []
                    if stream.nextPiece(into: &bytes) {
                        finish(target, with: .success(.encoded(bytes)))
                    } else if let id = target.id, target.batch == nil {
                        startStream(stream, to: target, id: id, first: bytes)
                    } else if target.id == nil {
                        stream.cancel()  // a notification: nobody reads the answer
                        finish(target, with: .success(.encoded([])))
                    } else {
                        // A batch is one message: its answers are written whole.
                        while !stream.nextPiece(into: &bytes) {}
                        finish(target, with: .success(.encoded(bytes)))
                    }
                }
            } catch let error as RPCError {
                finish(target, with: .failure(error))
            } catch {
                log.error("\(request.method) failed unexpectedly: \(error)")
                finish(target, with: .failure(.internalError("\(request.method) failed unexpectedly: \(error). Please report this with the daemon's log.")))
            }
        }
    }

    /// Answers a request (now, or later through its ``Responder``).
    func finish(_ target: ReplyTarget, with result: Result<HandlerResult, RPCError>) {
        let sent = reply(target, with: result)
        if target.client.inputEnded { settleEndedInput(of: target.client) }
        // A large answer (files.list of a big tree) leaves its copies as free heap; give it back.
        if sent >= RPCServer.largeReplyBytes { onLargeReply() }
    }

    /// Sends the answer; returns how many bytes were written (and one for the framing).
    func reply(_ target: ReplyTarget, with result: Result<HandlerResult, RPCError>) -> Int {
        let client = target.client
        guard !client.isClosed else { return 0 }
        if let id = target.id {
            // Answered later, by its responder or its stream.
            if case .success(.deferred) = result { return 0 }
            if case .success(.streamed) = result { return 0 }
            if target.batch == nil {
                // The common answer: encoded where the transport gathers its output.
                let count = write(to: client) { Self.encode(result, id: id, into: &$0) }
                return count.map { $0 + 1 } ?? 0
            }
        }
        // A batch's answers are one message, written once its last one is in; a notification
        // outside a batch gets none.
        guard let batch = target.batch else { return 0 }
        let response = target.id.map { id in
            var bytes: [UInt8] = []
            Self.encode(result, id: id, into: &bytes)
            return bytes
        }
        guard let message = batch.fill(target.slot, with: response), !message.isEmpty else { return 0 }
        let count = message.count + 1
        write(message, to: client)
        return count
    }

    /// Appends the response to request `id` (nothing for a result answered later).
    private static func encode(_ result: Result<HandlerResult, RPCError>, id: RPCId, into bytes: inout [UInt8]) {
        switch result {
        case .success(.value(let value)): RPCEncoder.result(id: id, value, into: &bytes, newline: false)
        case .success(.encoded(let encoded)): RPCEncoder.result(id: id, encoded: encoded, into: &bytes, newline: false)
        case .success(.encodedAroundNumber(let head, let number, let tail)):
            RPCEncoder.result(id: id, encodedHead: head, number: number, tail: tail, into: &bytes, newline: false)
        case .success(.deferred), .success(.streamed): break
        case .failure(let error): RPCEncoder.error(id: id, error, into: &bytes, newline: false)
        }
    }

    func send(error: RPCError, id: RPCId, to client: ClientConnection) {
        var message: [UInt8] = []
        RPCEncoder.error(id: id, error, into: &message, newline: false)
        write(message, to: client)
    }
}

extension RPCIncomingItem {
    var requestId: RPCId? {
        switch self {
        case .request(let request): request.id
        case .invalid(let id, _): id
        }
    }
}
