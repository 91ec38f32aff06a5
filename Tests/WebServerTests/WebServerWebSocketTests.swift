import MenudCore
import MenudLoop
import XCTest

/// WebSocket through a real server on a real loop, with a client that writes its own frames.
final class WebServerWebSocketTests: XCTestCase {
    private typealias Frame = TestWebSocketFrame
    private var harness: WebTestHarness!

    override func setUpWithError() throws {
        harness = try WebTestHarness { $0.maxMessageBytes = 4096 }
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(harness.closeLoop(), 0, "the loop closes clean")
        harness = nil
    }

    func testUpgradesWithoutTheCookieForAnotherHostOrOriginGet403() throws {
        let host = "Host: \(harness.host)", origin = "Origin: \(harness.origin)", cookie = "Cookie: \(harness.cookie)"
        let refused: [(path: String, headers: [String], reason: WebGateRefusal)] = [
            ("/rpc", [host, origin], .missingSecret),
            ("/rpc?token=\(WebTestHarness.secret)", [host, origin], .missingSecret),
            ("/rpc", [host, origin, "Cookie: menud_token=nope"], .wrongSecret),
            ("/rpc", ["Host: evil.example:\(harness.port)", "Origin: http://evil.example:\(harness.port)", cookie],
             .foreignHost("evil.example:\(harness.port)")),
            ("/rpc", [host, "Origin: http://evil.example", cookie], .foreignOrigin("http://evil.example")),
            ("/rpc", [host, "Origin: http://localhost:\(harness.port)", cookie], .foreignOrigin("http://localhost:\(harness.port)")),
            ("/rpc", [host, cookie], .missingOrigin),
        ]
        for (path, headers, reason) in refused {
            let (client, response) = try harness.upgrade(path: path, headers)
            XCTAssertNil(client, "\(headers) upgraded")
            XCTAssertEqual(response?.status, 403, "\(headers)")
            XCTAssertEqual(response?.body, [])
            XCTAssertEqual(harness.owner.refusals.last?.reason, reason)
            XCTAssertEqual(harness.owner.refusals.last?.request.isUpgrade, true)
        }
        XCTAssertTrue(harness.owner.opened.isEmpty)
    }

    func testTextMessagesGoToTheOwnerAndAnswersComeBack() throws {
        let client = try harness.openWebSocket()
        XCTAssertEqual(harness.owner.opened.count, 1)
        XCTAssertEqual(harness.owner.opened.first?.request.path, "/rpc")
        XCTAssertEqual(harness.owner.opened.first?.request.peerAddress, "127.0.0.1")
        client.sendText("hello")
        XCTAssertEqual(client.nextText(), "echo:hello")
        client.sendText("")
        XCTAssertEqual(client.nextText(), "echo:", "an empty message is a message")
        client.sendText("grüße ✓")
        XCTAssertEqual(client.nextText(), "echo:grüße ✓")
    }

    func testFragmentsAreAssembledWithAPingBetweenThem() throws {
        let client = try harness.openWebSocket()
        let letter = Array("é".utf8) // two bytes, split across fragments
        client.send(Frame(fin: false, opcode: Frame.text, payload: Array("caf".utf8) + [letter[0]]))
        client.send(Frame(fin: false, opcode: Frame.continuation, payload: [letter[1]]))
        client.send(Frame(opcode: Frame.ping, payload: Array("p".utf8)))
        client.send(Frame(fin: true, opcode: Frame.continuation, payload: Array(" au lait".utf8)))
        let pong = try XCTUnwrap(client.nextFrame())
        XCTAssertEqual(pong.opcode, Frame.pong)
        XCTAssertEqual(client.nextText(), "echo:café au lait")
        XCTAssertEqual(harness.owner.messages, ["café au lait"], "one message, not three")
    }

    func testABinaryMessageIsReportedAndTheConnectionStaysOpen() throws {
        let client = try harness.openWebSocket()
        client.send(Frame(opcode: Frame.binary, payload: [0, 1, 2, 3]))
        XCTAssertEqual(client.nextText(), "unreadable:binary")
        client.send(Frame(fin: false, opcode: Frame.binary, payload: [9]))
        client.send(Frame(fin: true, opcode: Frame.continuation, payload: [8]))
        XCTAssertEqual(client.nextText(), "unreadable:binary")
        XCTAssertEqual(harness.owner.unreadable, [.binary, .binary], "one report per message")
        client.sendText("still there")
        XCTAssertEqual(client.nextText(), "echo:still there")
    }

    func testTextThatIsNotUTF8IsReportedAndTheConnectionStaysOpen() throws {
        let client = try harness.openWebSocket()
        client.send(Frame(opcode: Frame.text, payload: [0x61, 0xC3, 0x28]))
        XCTAssertEqual(client.nextText(), "unreadable:invalidUTF8")
        client.send(Frame(opcode: Frame.text, payload: [0xED, 0xA0, 0x80])) // a UTF-16 surrogate
        XCTAssertEqual(client.nextText(), "unreadable:invalidUTF8")
        client.send(Frame(opcode: Frame.text, payload: [0x61, 0xE2, 0x9C])) // ends inside a character
        XCTAssertEqual(client.nextText(), "unreadable:invalidUTF8")
        client.sendText("fine")
        XCTAssertEqual(client.nextText(), "echo:fine")
        XCTAssertEqual(harness.owner.messages, ["fine"])
        XCTAssertTrue(harness.owner.closed.isEmpty)
    }

    func testAMessageOverTheLimitClosesWith1009() throws {
        let whole = try harness.openWebSocket()
        whole.sendText(String(repeating: "x", count: 5000))
        XCTAssertEqual(whole.nextText(), "too big", "the owner's last answer goes out first")
        XCTAssertEqual(whole.closeCode(), 1009)
        let fragmented = try harness.openWebSocket()
        fragmented.sendText(String(repeating: "y", count: 4096))
        XCTAssertEqual(fragmented.nextText()?.count, 4096 + 5, "exactly the limit is fine")
        for index in 0..<5 {
            fragmented.send(Frame(fin: index == 4, opcode: index == 0 ? Frame.text : Frame.continuation,
                                  payload: Array(repeating: 0x7A, count: 1000)))
        }
        fragmented.sendText("after the limit")
        XCTAssertEqual(fragmented.nextText(), "too big")
        XCTAssertEqual(fragmented.closeCode(), 1009, "the limit holds for fragments together")
        XCTAssertEqual(harness.owner.messages.count, 1, "nothing after the oversized message is taken")
        XCTAssertEqual(harness.owner.oversized, [4096, 4096])
        XCTAssertTrue(harness.spin { harness.owner.closed.count == 2 })
    }

    func testManyQueuedMessagesArriveInOrder() throws {
        let client = try harness.openWebSocket()
        client.sendText("flood 3000")
        var texts: [String] = []
        while texts.count < 3000, let text = client.nextText() { texts.append(text) }
        XCTAssertEqual(texts, (0..<3000).map { "flood \($0)" })
        XCTAssertTrue(harness.spin { harness.owner.opened.first?.queuedBytes == 0 })
    }

    func testASlowReadersQueueGrowsUntilTheOwnerDropsIt() throws {
        let client = try harness.openWebSocket()
        client.socket.isReading = false
        let connection = try XCTUnwrap(harness.owner.opened.first)
        let message = [UInt8](repeating: 0x41, count: 65_536)
        var sent = 0
        let grew = harness.spin(iterations: 200_000) {
            if connection.queuedBytes < 4 << 20, sent < 4096 {
                connection.send(message)
                sent += 1
            }
            return connection.queuedBytes >= 4 << 20
        }
        XCTAssertTrue(grew, "queued \(connection.queuedBytes) bytes after \(sent) messages")
        XCTAssertEqual(connection.queuedMessages * message.count, connection.queuedBytes)
        connection.drop()
        XCTAssertFalse(connection.send(message), "a dropped connection takes nothing more")
        XCTAssertTrue(harness.spin { harness.owner.closed.count == 1 })
        client.socket.isReading = true
        XCTAssertTrue(client.waitUntilClosed())
    }

    func testTheOwnerClosesWithItsCodeAfterTheLastAnswer() throws {
        let client = try harness.openWebSocket()
        client.sendText("bye")
        XCTAssertEqual(client.nextText(), "bye then")
        XCTAssertEqual(client.closeCode(), 4000)
        XCTAssertTrue(harness.spin { harness.owner.closed.count == 1 })
    }

    func testAClientsCloseIsReportedWithItsCode() throws {
        let client = try harness.openWebSocket()
        client.send(Frame.close(code: 1000))
        XCTAssertEqual(client.closeCode(), 1000, "lws answers the close")
        XCTAssertTrue(harness.spin { harness.owner.closed.count == 1 })
        XCTAssertEqual(harness.owner.closed.first?.peerCloseCode, .normal)
        XCTAssertEqual(harness.owner.closed.first?.isOpen, false)
    }

    func testIdleConnectionsArePingedAndHungUpWhenTheyNeverAnswer() throws {
        XCTAssertEqual(harness.closeLoop(), 0)
        harness = try WebTestHarness {
            $0.pingAfterSeconds = 1
            $0.hangUpAfterSeconds = 3
        }
        let answering = try harness.openWebSocket()
        let silent = try harness.openWebSocket()
        var pongs = 0
        // Generous waits (tens of seconds), no timing assertion: both are pinged, the one that
        // never answers is hung up, the other stays.
        let hungUp = harness.spin(iterations: 400_000) {
            while let frame = answering.takeFrame(), frame.opcode == Frame.ping {
                answering.send(Frame(opcode: Frame.pong, payload: frame.payload))
                pongs += 1
            }
            return silent.socket.isClosed
        }
        XCTAssertTrue(hungUp, "a client that never answers pings is hung up")
        silent.collect()
        XCTAssertEqual(silent.frames.first?.opcode, Frame.ping)
        XCTAssertGreaterThan(pongs, 0)
        XCTAssertFalse(answering.socket.isClosed, "a client that answers stays")
        answering.sendText("here")
        XCTAssertEqual(answering.nextText(answeringPings: true), "echo:here")
    }
}
