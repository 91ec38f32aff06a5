import Foundation
import MenudLoop
import MenudNative
import XCTest

/// The set-up the pipe tests share: a loop, a socket server in a folder of its own, one client
/// connected to it and the connection the server accepted for it.
final class AcceptedPipe {
    let directory: URL
    let loop: EventLoop
    let server: PipeServer
    let client: UnixSocketClient
    let connection: PipeConnection

    init(_ name: String) throws {
        signal(SIGPIPE, SIG_IGN)
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        loop = try EventLoop()
        let path = directory.appendingPathComponent("s.sock").path
        server = try PipeServer(loop: loop, bindingTo: path)
        var accepted: [PipeConnection] = []
        try server.listen { result in if case .success(let connection) = result { accepted.append(connection) } }
        client = try UnixSocketClient(path: path)
        var spins = 0
        while accepted.isEmpty && spins < 5000 {
            loop.runOnce()
            usleep(1000)
            spins += 1
        }
        connection = try XCTUnwrap(accepted.first)
    }

    /// Runs the loop until `done` (or about ten seconds have passed).
    func spin(until done: () -> Bool) {
        var spins = 0
        while !done() && spins < 20_000 {
            loop.runOnce()
            usleep(500)
            spins += 1
        }
    }

    /// Closes all of it and returns how many handles the loop still had to close (0 when all
    /// closed clean).
    func close() -> Int32 {
        client.close()
        connection.close()
        server.close()
        defer { try? FileManager.default.removeItem(at: directory) }
        return loop.closeEverything()
    }
}
