import Foundation
import MenudNative

/// A client socket for the load, fuzz and fault tests: many lines in flight, read back with a
/// buffer that consumes lines by index (no copying of the unread rest per line), so thousands
/// of answers per second cost the test little.
final class LoadSocket {
    let client: UnixSocketClient
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanFrom = 0
    private(set) var isClosed = false

    init(path: String) throws {
        client = try UnixSocketClient(path: path)
        handle = FileHandle(fileDescriptor: client.fileDescriptor, closeOnDealloc: false)
    }

    deinit { close() }

    func send(_ bytes: [UInt8]) throws {
        try client.send(bytes)
    }

    func send(_ text: String) throws {
        try client.send(Array(text.utf8))
    }

    /// The next line without its `\n`, or nil when the daemon closed the connection. Throws
    /// when nothing arrives within `timeoutMs`.
    func readLine(timeoutMs: Int = 30_000) throws -> ArraySlice<UInt8>? {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while true {
            if let newline = buffer[scanFrom...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                scanFrom = start
                return line
            }
            scanFrom = buffer.count
            if start > 0 && (start >= 1 << 16 || start == buffer.count) {
                buffer.removeSubrange(0..<start)
                scanFrom -= start
                start = 0
            }
            let remaining = Int(deadline.timeIntervalSinceNow * 1000)
            guard remaining > 0, try client.waitReadable(timeoutMs: Int32(min(remaining, 60_000))) else {
                throw DaemonTestError("no complete line from the daemon within \(timeoutMs) ms")
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(contentsOf: chunk)
        }
    }

    /// The next line decoded with Foundation (independent of the daemon's codec).
    func readJSON(timeoutMs: Int = 30_000) throws -> Any? {
        guard let line = try readLine(timeoutMs: timeoutMs) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
    }

    /// Sends one request and reads lines until its answer, skipping notifications.
    func call(_ method: String, _ params: [String: Any]? = nil, id: Any = 1, timeoutMs: Int = 30_000) throws -> [String: Any] {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try send(Array(try JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes])) + [0x0A])
        while true {
            guard let object = try readJSON(timeoutMs: timeoutMs) as? [String: Any] else {
                throw DaemonTestError("the daemon closed the connection or sent a non-object while \(method) was pending")
            }
            if object["id"] == nil { continue }
            return object
        }
    }

    /// Closes without reading the rest.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        client.close()
    }
}
