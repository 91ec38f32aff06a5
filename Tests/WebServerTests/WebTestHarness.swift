import Foundation
import MenudCore
import MenudLoop
import XCTest

/// A real web server on an ephemeral loopback port on a real loop, its page folder in a
/// temporary directory, and the test's clients, all driven from the test thread: `spin` turns
/// the loop and pumps every client until a condition holds.
final class WebTestHarness {
    static let secret = "Secret-for-the-web-tests-0123456789_abcdef"
    static let pageText = "<!doctype html><title>menud</title><script type=module src=app.js></script>"
    static let outsideText = "OUTSIDE THE FOLDER"

    let loop: EventLoop
    let owner = RecordingWebOwner()
    let server: WebServer
    let directory: URL
    var clients: [TestSocket] = []

    var port: Int { server.listening[0].port }
    var host: String { "127.0.0.1:\(port)" }
    var origin: String { "http://\(host)" }
    var cookie: String { "\(WebRequestGate.cookieName)=\(WebTestHarness.secret)" }

    init(addresses: [String] = ["127.0.0.1:0"], _ configure: (inout WebServerConfiguration) -> Void = { _ in }) throws {
        signal(SIGPIPE, SIG_IGN)
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("web-\(UUID().uuidString.prefix(8))")
        let www = directory.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: www.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try WebTestHarness.pageText.write(to: www.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "export const answer = 42;\n".write(to: www.appendingPathComponent("app.js"), atomically: true, encoding: .utf8)
        try "body { margin: 0 }\n".write(to: www.appendingPathComponent("sub/inner.css"), atomically: true, encoding: .utf8)
        try WebTestHarness.outsideText.write(to: www.appendingPathComponent(".hidden.js"), atomically: true, encoding: .utf8)
        try WebTestHarness.outsideText.write(to: directory.appendingPathComponent("secret.js"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: www.appendingPathComponent("link.js").path, withDestinationPath: "../secret.js")
        try FileManager.default.createSymbolicLink(atPath: www.appendingPathComponent("up").path, withDestinationPath: "..")

        loop = try EventLoop()
        var configuration = WebServerConfiguration(addresses: try addresses.map { try WebListenAddress.parse($0) },
                                                   documentFolder: www.path)
        configure(&configuration)
        server = try WebServer(loop: loop, configuration: configuration, owner: owner)
        let hosts = server.listening.flatMap { WebRequestGate.hosts(listeningOn: $0.host, port: $0.port) }
        owner.gate = try WebRequestGate(secret: WebTestHarness.secret, hosts: hosts)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func connect(host address: String = "127.0.0.1") throws -> TestSocket {
        let client = try TestSocket(host: address, port: port)
        clients.append(client)
        return client
    }

    /// Turns the loop and pumps the clients until `done`, at most `iterations` rounds
    /// (a generous bound: seconds, not a timing assertion).
    @discardableResult
    func spin(iterations: Int = 40_000, until done: () -> Bool) -> Bool {
        for _ in 0..<iterations {
            for client in clients { client.pump() }
            if done() { return true }
            loop.runOnce()
            usleep(100)
        }
        return done()
    }

    /// Sends a raw request on a new connection and waits for the response; nil when the
    /// server closed the connection without one.
    func exchange(_ raw: String, on existing: TestSocket? = nil) throws -> TestHTTPResponse? {
        let client = try existing ?? connect()
        client.send(raw)
        var parsed: (response: TestHTTPResponse, consumed: Int)?
        spin { parsed = TestHTTPResponse.parse(client.inbox); return parsed != nil || client.isClosed }
        parsed = parsed ?? TestHTTPResponse.parse(client.inbox)
        guard let parsed else { return nil }
        _ = client.take(parsed.consumed)
        return parsed.response
    }

    /// A GET with the given header lines (a Host naming the server unless `headers` has one).
    func get(_ path: String, _ headers: [String] = []) throws -> TestHTTPResponse? {
        var lines = headers
        if !lines.contains(where: { $0.lowercased().hasPrefix("host:") }) { lines.insert("Host: \(host)", at: 0) }
        return try exchange("GET \(path) HTTP/1.1\r\n" + lines.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// The upgrade request; the client when the answer was 101, with the response either way.
    func upgrade(path: String = "/rpc", _ headers: [String]? = nil) throws -> (client: TestWebSocketClient?, response: TestHTTPResponse?) {
        let lines = headers ?? ["Host: \(host)", "Origin: \(origin)", "Cookie: \(cookie)"]
        let request = "GET \(path) HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + lines.map { $0 + "\r\n" }.joined() + "\r\n"
        let socket = try connect()
        let response = try exchange(request, on: socket)
        guard response?.status == 101 else { return (nil, response) }
        return (TestWebSocketClient(socket: socket, harness: self), response)
    }

    /// An open WebSocket, failing the test when the upgrade is refused.
    func openWebSocket(file: StaticString = #filePath, line: UInt = #line) throws -> TestWebSocketClient {
        let (client, response) = try upgrade()
        return try XCTUnwrap(client, "upgrade answered \(response?.statusLine ?? "nothing")", file: file, line: line)
    }

    /// Shuts the server down through the loop's own teardown; `closeEverything`'s result.
    func closeLoop() -> Int32 {
        clients = []
        return loop.closeEverything()
    }
}
