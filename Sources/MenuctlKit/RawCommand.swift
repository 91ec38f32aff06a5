import MenudCore
import MenudJSON
import MenudProtocol

/// `menuctl raw`: sends messages as they are and prints every line that comes back.
///
/// For each message: send it, then print each line the daemon sends until the answer to it: the
/// response with the message's `id`, or for a batch, the array answering it. A message that expects
/// no answer (no `id`, or a batch of notifications only) is followed by a short wait
/// (``quietWaitMs``) for whatever comes. A message that is not JSON is sent anyway: the daemon
/// answers it with a parse error (`id` null), which ends the wait. The exit code is 0 whatever the
/// daemon answered (the answer is printed); 3 when no daemon answers.
struct RawCommand {
    let options: RawOptions
    let console: Console
    let socketPath: String

    /// How long to wait for lines after a message that gets no response.
    static let quietWaitMs = 300

    func run() throws(MenuctlError) -> Int32 {
        let connection = try DaemonConnection(socketPath: socketPath)
        defer { connection.close() }
        connection.keepsRawLines = true
        switch options.source {
        case .message(let text):
            try exchange(Array(text.utf8), connection: connection)
        case .standardInput:
            var reader = LineReader(fileDescriptor: console.input)
            while let line = try reader.nextLine() {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                try exchange(line, connection: connection)
            }
        }
        return MenuctlExitCode.success
    }

    /// What the daemon's answer to `message` looks like.
    enum Expectation: Equatable {
        /// The response with this id.
        case response(RPCId)
        /// An array (the answer to a batch).
        case batch
        /// Nothing: wait briefly.
        case nothing
    }

    static func expectation(for message: [UInt8]) -> Expectation {
        guard let value = try? JSONParser.parse(message) else { return .response(.null) }
        switch value {
        case .array(let elements):
            if elements.isEmpty { return .response(.null) }
            let expectsAnswers = elements.contains { element in
                guard case .object(let object) = element else { return true }
                return object["id"] != nil || object["method"]?.stringValue == nil
            }
            return expectsAnswers ? .batch : .nothing
        case .object(let object):
            if let id = object["id"] { return .response(RPCId(json: id) ?? .null) }
            // Without an id a valid request is a notification; anything else is answered with id null.
            return object["method"]?.stringValue != nil && object["jsonrpc"] == .string("2.0") ? .nothing : .response(.null)
        default:
            return .response(.null)
        }
    }

    private func exchange(_ message: [UInt8], connection: DaemonConnection) throws(MenuctlError) {
        let expectation = Self.expectation(for: message)
        try connection.sendLine(message)
        while true {
            let timeout = expectation == .nothing ? Self.quietWaitMs : DaemonConnection.defaultTimeoutMs
            guard try connection.waitForLines(timeoutMs: timeout) else {
                if expectation == .nothing { return }
                if connection.isClosed {
                    throw DaemonConnection.noDaemon(socketPath: socketPath, reason: "the daemon closed the connection before answering")
                }
                throw DaemonConnection.noDaemon(socketPath: socketPath, reason: "no answer within \(timeout / 1000) s")
            }
            var answered = false
            _ = connection.takeNotifications()  // printed as raw lines; not kept twice
            for line in connection.takeRawLines() {
                console.out(bytes: line + [0x0A])
                if Self.answers(line, expectation) { answered = true }
            }
            if answered { return }
        }
    }

    static func answers(_ line: [UInt8], _ expectation: Expectation) -> Bool {
        guard let value = try? JSONParser.parse(line) else { return false }
        switch expectation {
        case .nothing:
            return false
        case .batch:
            if case .array = value { return true }
            // An invalid batch (empty) is answered with a single error.
            return value["id"] == .null && value["error"] != nil
        case .response(let id):
            guard value["method"] == nil, let raw = value["id"] else { return false }
            return RPCId(json: raw) == id
        }
    }
}
