import MenudCore
import MenudLoop

/// The test's owner of a web server: the real request gate decides, and a tiny application
/// answers messages (`echo:` them; `flood N` queues N numbered messages; `bye` answers and
/// closes with 4000 after flushing). Everything it is told is recorded.
final class RecordingWebOwner: WebServerOwner {
    var gate: WebRequestGate?
    var refusals: [(request: WebRequest, reason: WebGateRefusal)] = []
    var admitted: [WebRequest] = []
    var opened: [WebSocketConnection] = []
    var messages: [String] = []
    var unreadable: [WebSocketUnreadable] = []
    var oversized: [Int] = []
    var closed: [WebSocketConnection] = []
    var libraryLines: [String] = []
    /// Generated responses by path.
    var generated: [String: WebResponse] = [:]

    func webServer(_ server: WebServer, admit request: WebRequest) -> WebAdmission {
        guard let gate else { return .refuse }
        let facts = WebGateRequest(isUpgrade: request.isUpgrade, path: request.path, query: request.query,
                                   cookies: request.cookies, host: request.host, origin: request.origin)
        switch gate.decide(facts) {
        case .allow(let setCookie):
            admitted.append(request)
            return .admit(setCookie: setCookie)
        case .refuse(let reason):
            refusals.append((request, reason))
            return .refuse
        }
    }

    func webServer(_ server: WebServer, respondTo request: WebRequest) -> WebResponse? {
        generated[request.path]
    }

    func webServer(_ server: WebServer, opened connection: WebSocketConnection) {
        opened.append(connection)
    }

    func webServer(_ server: WebServer, received message: [UInt8], on connection: WebSocketConnection) {
        let text = String(decoding: message, as: UTF8.self)
        messages.append(text)
        if text.hasPrefix("flood "), let count = Int(text.dropFirst(6)) {
            for index in 0..<count { connection.send(Array("flood \(index)".utf8)) }
        } else if text == "bye" {
            connection.send(Array("bye then".utf8))
            connection.close(code: WebSocketCloseCode(rawValue: 4000), reason: "bye", afterFlushing: true)
        } else {
            connection.send(Array("echo:".utf8) + message)
        }
    }

    func webServer(_ server: WebServer, receivedUnreadable kind: WebSocketUnreadable, on connection: WebSocketConnection) {
        unreadable.append(kind)
        connection.send(Array("unreadable:\(kind)".utf8))
    }

    func webServer(_ server: WebServer, oversizedMessage limit: Int, on connection: WebSocketConnection) {
        oversized.append(limit)
        connection.send(Array("too big".utf8))
    }

    func webServer(_ server: WebServer, closed connection: WebSocketConnection) {
        closed.append(connection)
    }

    func webServer(_ server: WebServer, libraryReported line: String) {
        libraryLines.append(line)
    }
}
