import Foundation
import MenudLoop
import MenudNative
import XCTest

/// The server when the process has no descriptor free: each waiting client gets the overflow
/// reply through the server's spare descriptor, and the server accepts again once descriptors
/// are free.
final class PipeServerOverflowTests: XCTestCase {
    func testClientsArrivingWithNoDescriptorFreeGetTheOverflowReply() throws {
        signal(SIGPIPE, SIG_IGN)
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("overflow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let loop = try EventLoop()
        let path = directory.appendingPathComponent("s.sock").path
        let server = try PipeServer(loop: loop, bindingTo: path)
        server.overflowReply = Array("refused\n".utf8)
        var accepted: [PipeConnection] = []
        var outOfDescriptors = 0
        try server.listen { result in
            switch result {
            case .success(let connection): accepted.append(connection)
            case .failure(let error): if error.isOutOfDescriptors { outOfDescriptors += 1 }
            }
        }
        // Connected into the backlog before the descriptors run out.
        let waiting = try (0..<3).map { _ in try UnixSocketClient(path: path) }

        var original = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original), 0)
        let lowestFree = dup(0)
        close(lowestFree)
        var lowered = original
        lowered.rlim_cur = rlim_t(lowestFree)
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &lowered), 0)
        var spins = 0
        while outOfDescriptors < 3 && spins < 2000 {
            loop.runOnce(blocking: false)
            usleep(1000)
            spins += 1
        }
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &original), 0)

        XCTAssertEqual(outOfDescriptors, 3, "each waiting client was refused once")
        XCTAssertTrue(accepted.isEmpty)
        for client in waiting {
            XCTAssertEqual(try client.readLine(timeoutMs: 5000).map { String(decoding: $0, as: UTF8.self) }, "refused")
        }

        // Descriptors are free again: the next client is accepted as usual.
        let later = try UnixSocketClient(path: path)
        spins = 0
        while accepted.isEmpty && spins < 2000 {
            loop.runOnce(blocking: false)
            usleep(1000)
            spins += 1
        }
        XCTAssertEqual(accepted.count, 1)
        later.close()
        XCTAssertEqual(loop.closeEverything(), 0)
    }
}
