import Foundation
import MenudLoop
import MenudNative
import XCTest

/// A message written with its terminator arrives whole and in order, whether the socket takes
/// it at once or most of it waits in the connection's queue.
final class PipeWriteTests: XCTestCase {
    func testMessagesWithTheirTerminatorArriveWholeAndInOrder() throws {
        let pipe = try AcceptedPipe("write")
        let connection = pipe.connection

        // Far more than a socket buffer holds: the first write fills it and the rest is queued.
        let large = [UInt8](repeating: 0x61, count: 4 << 20)
        XCTAssertTrue(connection.write(Array("small".utf8), terminator: 0x0A))
        XCTAssertTrue(connection.write(large, terminator: 0x0A))
        XCTAssertGreaterThan(connection.pendingWriteBytes, 0, "part of the large message waits")
        XCTAssertTrue(connection.write([], terminator: 0x0A))
        XCTAssertTrue(connection.write(Array("last".utf8), terminator: 0x0A))

        // The client reads on a thread of its own while the loop writes the queue out.
        let received = LinesBox()
        // Only the reader thread uses the client until it finishes.
        nonisolated(unsafe) let readingClient = pipe.client
        let reader = Thread {
            while received.count < 4, let line = try? readingClient.readLine(timeoutMs: 20_000) { received.append(line) }
            received.finish()
        }
        reader.start()
        pipe.spin { received.isFinished }
        let lines = received.lines
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines.first.map { String(decoding: $0, as: UTF8.self) }, "small")
        XCTAssertEqual(lines.dropFirst().first?.count, large.count)
        XCTAssertTrue(lines.dropFirst().first?.allSatisfy { $0 == 0x61 } ?? false)
        XCTAssertEqual(lines.dropFirst(2).first, [])
        XCTAssertEqual(lines.last.map { String(decoding: $0, as: UTF8.self) }, "last")
        XCTAssertEqual(connection.pendingWriteBytes, 0)
        XCTAssertEqual(pipe.close(), 0)
    }
}

/// Lines read on the reader thread. @unchecked: `lock` guards everything.
private final class LinesBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [[UInt8]] = []
    private var finished = false
    var count: Int { lock.withLock { stored.count } }
    var lines: [[UInt8]] { lock.withLock { stored } }
    var isFinished: Bool { lock.withLock { finished } }
    func append(_ line: [UInt8]) { lock.withLock { stored.append(line) } }
    func finish() { lock.withLock { finished = true } }
}
