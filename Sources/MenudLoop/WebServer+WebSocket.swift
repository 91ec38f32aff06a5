import CLibWebSockets

extension WebServer {
    /// `LWS_CALLBACK_HTTP_CONFIRM_UPGRADE`: the owner admits the upgrade or it gets a bare
    /// 403 (returning 1 tells lws the answer is written and the transaction done).
    func confirmUpgrade(_ wsi: OpaquePointer, to protocolName: String) -> Int32 {
        guard phase == .running, protocolName == "websocket" else {
            return writeHead(wsi, status: phase == .running ? 403 : 503, headers: [], contentLength: 0) ? 1 : -1
        }
        let request = read(wsi, path: header(WSI_TOKEN_GET_URI, on: wsi) ?? "/", isUpgrade: true)
        guard let owner, case .admit = owner.webServer(self, admit: request) else {
            return writeHead(wsi, status: 403, headers: [], contentLength: 0) ? 1 : -1
        }
        admittedUpgrades[wsi] = request
        return 0
    }

    /// `LWS_CALLBACK_ESTABLISHED`: the handshake is done, the connection is the owner's.
    func established(_ wsi: OpaquePointer) {
        guard let request = admittedUpgrades.removeValue(forKey: wsi) else {
            // Not one we admitted (cannot happen while every upgrade passes confirmUpgrade).
            menud_lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            return
        }
        let connection = WebSocketConnection(id: nextConnectionID, request: request, wsi: wsi, server: self)
        nextConnectionID += 1
        connections[wsi] = connection
        owner?.webServer(self, opened: connection)
        if phase != .running { connection.close(code: .goingAway, reason: "server shutting down") }
    }

    /// `LWS_CALLBACK_RECEIVE`: one chunk of a message.
    func received(_ wsi: OpaquePointer, _ chunk: UnsafeRawBufferPointer) -> Int32 {
        guard let connection = connections[wsi] else { return 0 }
        let outcome = connection.take(chunk, first: menud_lws_is_first_fragment(wsi) != 0, final: menud_lws_is_final_fragment(wsi) != 0,
                                      binary: menud_lws_frame_is_binary(wsi) != 0,
                                      remainingInFrame: Int(menud_lws_remaining_packet_payload(wsi)),
                                      limit: maxMessageBytes)
        switch outcome {
        case .partial:
            return 0
        case .text(let message):
            owner?.webServer(self, received: message, on: connection)
            return 0
        case .unreadable(let kind):
            owner?.webServer(self, receivedUnreadable: kind, on: connection)
            return 0
        case .oversized:
            // The owner may still answer (the protocol sends -32600 first); the close frame
            // follows the queued messages, sent from our timer.
            owner?.webServer(self, oversizedMessage: maxMessageBytes, on: connection)
            connection.close(code: .messageTooBig, reason: "message too big", afterFlushing: true)
            return 0
        }
    }

    /// `LWS_CALLBACK_SERVER_WRITEABLE`: the socket takes more.
    func writeable(_ wsi: OpaquePointer) -> Int32 {
        guard let connection = connections[wsi] else { return 0 }
        return connection.writeQueued(wsi) ? 0 : -1
    }

    /// `LWS_CALLBACK_WS_PEER_INITIATED_CLOSE`: the client's close frame (code first).
    func peerClosing(_ wsi: OpaquePointer, _ payload: UnsafeRawBufferPointer) {
        guard let connection = connections[wsi] else { return }
        if payload.count >= 2 {
            connection.peerCloseCode = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        }
        if connection.state == .open { connection.state = .closing }
        connection.releaseQueue()
    }

    /// `LWS_CALLBACK_CLOSED`: the WebSocket connection is gone.
    func closed(_ wsi: OpaquePointer) {
        guard let connection = connections.removeValue(forKey: wsi) else { return }
        connection.markClosed()
        owner?.webServer(self, closed: connection)
    }

    /// `LWS_CALLBACK_WSI_DESTROY`: lws frees this connection; nothing of it may stay here.
    func forget(_ wsi: OpaquePointer) {
        responses[wsi] = nil
        admittedUpgrades[wsi] = nil
        closed(wsi)
    }
}
