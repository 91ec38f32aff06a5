import Foundation
import MenudCore
import MenudLoop
import XCTest

/// Starting, listening where told and nowhere else, and taking everything down.
final class WebServerLifecycleTests: XCTestCase {
    func testShutDownClosesOpenConnectionsWith1001AndTheLoopClosesClean() throws {
        let harness = try WebTestHarness()
        let first = try harness.openWebSocket()
        let second = try harness.openWebSocket()
        let keptAlive = try harness.connect()
        _ = try XCTUnwrap(harness.exchange("GET /app.js HTTP/1.1\r\nHost: \(harness.host)\r\nCookie: \(harness.cookie)\r\n\r\n", on: keptAlive))
        var done = false
        harness.server.shutDown { done = true }
        XCTAssertEqual(first.closeCode(), 1001)
        XCTAssertEqual(second.closeCode(), 1001)
        XCTAssertTrue(harness.spin { done }, "the shutdown completes")
        XCTAssertTrue(harness.server.isFinished)
        XCTAssertEqual(harness.owner.closed.count, 2)
        XCTAssertTrue(harness.spin { keptAlive.isClosed }, "idle HTTP connections are closed too")
        XCTAssertThrowsError(try harness.connect(), "nothing listens any more")
        var again = false
        harness.server.shutDown { again = true }
        XCTAssertTrue(again, "a completion given after the end runs at once")
        XCTAssertEqual(harness.closeLoop(), 0, "every handle closed, lws's included")
    }

    func testClosingTheLoopTakesARunningServerDown() throws {
        let harness = try WebTestHarness()
        let client = try harness.openWebSocket()
        client.sendText("hi")
        XCTAssertEqual(client.nextText(), "echo:hi")
        XCTAssertEqual(harness.closeLoop(), 0, "closeEverything shuts the server down first")
        XCTAssertTrue(harness.server.isFinished)
        XCTAssertEqual(harness.owner.closed.count, 1)
    }

    func testAPortInUseIsRefusedWithAClearError() throws {
        let harness = try WebTestHarness()
        let loop = try EventLoop()
        let owner = RecordingWebOwner()
        let taken = try WebListenAddress(host: "127.0.0.1", port: harness.port)
        XCTAssertThrowsError(try WebServer(loop: loop, configuration: WebServerConfiguration(addresses: [taken]), owner: owner)) { error in
            let failure = error as? WebServerError
            XCTAssertEqual(failure?.isAddressInUse, true, "\(error)")
            XCTAssertEqual(failure?.description.contains("cannot listen on 127.0.0.1:\(harness.port)"), true, "\(error)")
            XCTAssertEqual(failure?.description.contains("already in use"), true, "\(error)")
        }
        XCTAssertEqual(loop.closeEverything(), 0, "what the failed start set up is taken down")
        let page = try XCTUnwrap(harness.get("/app.js", ["Cookie: \(harness.cookie)"]))
        XCTAssertEqual(page.status, 200, "the first server is untouched")
        XCTAssertEqual(harness.closeLoop(), 0)
    }

    func testConnectionsOverTheLimitWaitUntilOneCloses() throws {
        let harness = try WebTestHarness { $0.maxConnections = 3 }
        let request = "GET /app.js HTTP/1.1\r\nHost: \(harness.host)\r\nCookie: \(harness.cookie)\r\n\r\n"
        var kept: [TestSocket] = []
        for _ in 0..<3 {
            let client = try harness.connect()
            XCTAssertEqual(try harness.exchange(request, on: client)?.status, 200)
            kept.append(client)
        }
        let waiting = try harness.connect()
        waiting.send(request)
        // Not a timing assertion: nothing may answer it while three are open, however long.
        harness.spin(iterations: 500) { false }
        XCTAssertTrue(waiting.inbox.isEmpty, "a fourth connection is not served while three are open")
        harness.clients.removeAll { $0 === kept[0] }
        kept.removeFirst() // closes it
        var parsed: (response: TestHTTPResponse, consumed: Int)?
        harness.spin { parsed = TestHTTPResponse.parse(waiting.inbox); return parsed != nil }
        XCTAssertEqual(parsed?.response.status, 200, "served once one has gone")
        XCTAssertEqual(harness.closeLoop(), 0)
    }

    func testTheIPv4ListenerIsBoundToLoopbackOnly() throws {
        let harness = try WebTestHarness()
        XCTAssertEqual(try listeners(port: harness.port, in: "/proc/net/tcp"), ["0100007F"])
        XCTAssertEqual(try listeners(port: harness.port, in: "/proc/net/tcp6"), [],
                       "an IPv4 address without DISABLE_IPV6 would be bound as [::], every interface")
        XCTAssertEqual(harness.closeLoop(), 0)
    }

    func testIPv4AndIPv6ListenersShareOnePort() throws {
        let harness = try WebTestHarness(addresses: ["127.0.0.1:0", "[::1]:0"])
        XCTAssertEqual(harness.server.listening.map(\.host), ["127.0.0.1", "::1"])
        XCTAssertEqual(Set(harness.server.listening.map(\.port)).count, 1)
        XCTAssertEqual(try listeners(port: harness.port, in: "/proc/net/tcp6"), ["00000000000000000000000001000000"])
        let client = try harness.connect(host: "::1")
        let page = try XCTUnwrap(harness.exchange(
            "GET /?token=\(WebTestHarness.secret) HTTP/1.1\r\nHost: [::1]:\(harness.port)\r\n\r\n", on: client))
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(harness.owner.admitted.last?.peerAddress, "::1")
        XCTAssertEqual(harness.owner.admitted.last?.listener.description, "[::1]:\(harness.port)")
        XCTAssertEqual(harness.closeLoop(), 0)
    }

    func testAddressesAndFoldersThatCannotWorkAreClearErrors() throws {
        for text in ["localhost:7780", "127.0.0.1", "[::1]:99999", "127.0.0.1:http", "::1:7780", "[::1]7780"] {
            XCTAssertThrowsError(try WebListenAddress.parse(text), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("cannot listen on"), "\(error)")
            }
        }
        XCTAssertEqual(try WebListenAddress.parse("[::1]:7780").description, "[::1]:7780")
        XCTAssertTrue(try WebListenAddress.parse("127.0.0.2:1").isLoopback)
        XCTAssertFalse(try WebListenAddress.parse("0.0.0.0:1").isLoopback)
        XCTAssertFalse(try WebListenAddress.parse("[fd00::2]:1").isLoopback)

        let loop = try EventLoop()
        let owner = RecordingWebOwner()
        let address = try WebListenAddress.parse("127.0.0.1:0")
        let missing = WebServerConfiguration(addresses: [address], documentFolder: "/nonexistent/menud-web")
        XCTAssertThrowsError(try WebServer(loop: loop, configuration: missing, owner: owner)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot serve the web page from /nonexistent/menud-web"), "\(error)")
        }
        var tooSmall = WebServerConfiguration(addresses: [address])
        tooSmall.maxHeaderBytes = 10
        XCTAssertThrowsError(try WebServer(loop: loop, configuration: tooSmall, owner: owner)) { error in
            XCTAssertTrue("\(error)".contains("maxHeaderBytes"), "\(error)")
        }
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    /// Local addresses (hex, as the kernel lists them) of the listening TCP sockets on `port`.
    private func listeners(port: Int, in table: String) throws -> [String] {
        let text = try String(contentsOfFile: table, encoding: .utf8)
        let portHex = String(format: ":%04X", port)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "0A", fields[1].hasSuffix(portHex) else { return nil }
            return String(fields[1].dropLast(portHex.count))
        }
    }
}
