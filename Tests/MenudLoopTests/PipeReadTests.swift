import Foundation
import MenudLoop
import MenudNative
import XCTest

/// A connection delivers each read in the array of the read before when no one kept it; one a
/// reader kept stays as it was delivered, and a large read is not kept.
final class PipeReadTests: XCTestCase {
    func testAReadTheReaderKeptIsNotOverwrittenByTheNext() throws {
        signal(SIGPIPE, SIG_IGN)
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("read-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let loop = try EventLoop()
        let path = directory.appendingPathComponent("s.sock").path
        let server = try PipeServer(loop: loop, bindingTo: path)
        var accepted: [PipeConnection] = []
        try server.listen { result in if case .success(let connection) = result { accepted.append(connection) } }
        let client = try UnixSocketClient(path: path)
        spin(loop) { !accepted.isEmpty }
        let connection = try XCTUnwrap(accepted.first)

        var kept: [[UInt8]] = []
        var total = 0
        var keepNext = true
        try connection.startReading { event in
            guard case .data(let bytes) = event else { return }
            total += bytes.count
            // Every other read is kept, so that one array is reused and the next is not.
            if keepNext { kept.append(bytes) }
            keepNext.toggle()
        }
        var sent = 0
        for round in 0..<12 {
            // Rounds 4 and 9 bring more than a kept read's largest capacity.
            let count = round == 4 || round == 9 ? 20_000 : 5 + round
            let message = [UInt8](repeating: UInt8(ascii: "a") + UInt8(round), count: count)
            try client.send(message)
            sent += count
            spin(loop) { total == sent }
            XCTAssertEqual(total, sent)
        }
        // Each kept read holds the bytes of one round only, as it was delivered.
        XCTAssertGreaterThanOrEqual(kept.count, 6)
        for read in kept {
            let first = try XCTUnwrap(read.first)
            XCTAssertTrue(read.allSatisfy { $0 == first }, "a kept read was overwritten by a later one")
        }
        client.close()
        connection.close()
        server.close()
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    private func spin(_ loop: EventLoop, until done: () -> Bool) {
        var spins = 0
        while !done() && spins < 10_000 {
            loop.runOnce()
            usleep(500)
            spins += 1
        }
    }
}
