import CLibWebSockets

extension WebSocketConnection {
    /// Hands queued messages to libwebsockets while the socket takes them
    /// (`LWS_CALLBACK_SERVER_WRITEABLE`). Returns false when the connection must be hung up.
    ///
    /// `lws_write` takes a whole message or fails: what the kernel does not take at once
    /// libwebsockets keeps itself and reports as a choked pipe, so messages wait here, counted
    /// in `queuedBytes`, until the next writeable callback.
    func writeQueued(_ wsi: OpaquePointer) -> Bool {
        switch state {
        case .open, .closeRequested(_, _, afterFlushing: true): break
        default: return true // closing: nothing more goes out
        }
        let headroom = WebSocketConnection.headroom
        while outgoingHead < outgoing.count {
            let length = outgoing[outgoingHead].count - headroom
            let written = outgoing[outgoingHead].withUnsafeMutableBufferPointer { buffer in
                menud_lws_write(wsi, buffer.baseAddress! + headroom, length, LWS_WRITE_TEXT)
            }
            guard written >= length else { return false }
            outgoing[outgoingHead] = []
            outgoingHead += 1
            queuedBytes -= length
            if menud_lws_send_pipe_choked(wsi) != 0 { break }
        }
        if outgoingHead == outgoing.count {
            outgoing.removeAll(keepingCapacity: outgoing.capacity <= 1024)
            outgoingHead = 0
        } else if outgoingHead > 1024 && outgoingHead * 2 > outgoing.count {
            outgoing.removeFirst(outgoingHead)
            outgoingHead = 0
        }
        if queuedMessages > 0 {
            menud_lws_callback_on_writable(wsi)
        } else if case .closeRequested(_, _, afterFlushing: true) = state {
            // The close frame waits until libwebsockets has sent what it kept of the last one.
            if menud_lws_partial_buffered(wsi) != 0 { menud_lws_callback_on_writable(wsi) } else { server?.scheduleClose(self) }
        }
        return true
    }
}
