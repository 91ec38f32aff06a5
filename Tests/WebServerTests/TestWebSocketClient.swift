/// A minimal WebSocket client over a `TestSocket` whose upgrade was answered 101: sends masked
/// frames, parses the server's frames as they arrive.
final class TestWebSocketClient {
    let socket: TestSocket
    unowned let harness: WebTestHarness
    /// Frames received and not yet taken.
    private(set) var frames: [TestWebSocketFrame] = []

    init(socket: TestSocket, harness: WebTestHarness) {
        self.socket = socket
        self.harness = harness
    }

    func send(_ frame: TestWebSocketFrame) { socket.send(frame.encoded()) }

    func sendText(_ text: String) { send(TestWebSocketFrame(opcode: TestWebSocketFrame.text, payload: Array(text.utf8))) }

    /// Parses whatever complete frames the socket holds.
    func collect() {
        while let (frame, consumed) = TestWebSocketFrame.parse(socket.inbox) {
            _ = socket.take(consumed)
            frames.append(frame)
        }
    }

    /// The next frame already received, without waiting.
    func takeFrame() -> TestWebSocketFrame? {
        collect()
        return frames.isEmpty ? nil : frames.removeFirst()
    }

    /// Waits for the next frame (nil when none came before the connection ended or the wait
    /// ran out) and takes it.
    func nextFrame(iterations: Int = 40_000) -> TestWebSocketFrame? {
        harness.spin(iterations: iterations) { collect(); return !frames.isEmpty || socket.isClosed }
        collect()
        return frames.isEmpty ? nil : frames.removeFirst()
    }

    /// The next text message's text (a close or other frame fails the match); pings are
    /// answered on the way when `answeringPings`.
    func nextText(answeringPings: Bool = false) -> String? {
        while let frame = nextFrame() {
            if answeringPings && frame.opcode == TestWebSocketFrame.ping {
                send(TestWebSocketFrame(opcode: TestWebSocketFrame.pong, payload: frame.payload))
                continue
            }
            return frame.opcode == TestWebSocketFrame.text ? frame.text : nil
        }
        return nil
    }

    /// Frames until the close frame; its code (nil when the connection ended without one).
    /// Answers it, as a client should (the server waits for the answer before it hangs up).
    func closeCode() -> UInt16? {
        while let frame = nextFrame() {
            if frame.opcode == TestWebSocketFrame.close {
                send(TestWebSocketFrame(opcode: TestWebSocketFrame.close, payload: Array(frame.payload.prefix(2))))
                return frame.closeCode
            }
        }
        return nil
    }

    /// Waits until the server has closed the TCP connection.
    func waitUntilClosed(iterations: Int = 40_000) -> Bool {
        harness.spin(iterations: iterations) { socket.isClosed }
    }
}
