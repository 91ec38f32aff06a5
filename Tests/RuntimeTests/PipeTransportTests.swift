import Foundation
import MenudCore
import MenudLoop
import MenudNative
@testable import MenudRuntime
import XCTest

/// The Unix-socket transport on a real loop and socket, without a daemon process.
final class PipeTransportTests: XCTestCase {
    private final class RecordingDelegate: RPCTransportDelegate {
        var outOfDescriptorsReply: [UInt8] { Array("{}".utf8) }
        var accepted: [any RPCConnection] = []
        var received: [String] = []
        var oversizedLimits: [Int] = []
        func accepted(_ connection: any RPCConnection) -> Bool {
            accepted.append(connection)
            return true
        }
        func acceptFailed(_ error: LoopError) {}
        func received(_ message: ArraySlice<UInt8>, on connection: any RPCConnection) {
            received.append(String(decoding: message, as: UTF8.self))
        }
        func unreadable(_ problem: String, on connection: any RPCConnection) {}
        func oversized(limit: Int, on connection: any RPCConnection) { oversizedLimits.append(limit) }
        func endOfInput(on connection: any RPCConnection) {}
        func failed(_ connection: any RPCConnection, reason: String) {}
    }

    private var directory: URL!

    override func setUp() {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("menud-pipe-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Turns the loop until `condition` holds (giving up after a generous while).
    private func spin(_ loop: EventLoop, until condition: () -> Bool, _ what: String) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline {
            loop.runOnce()
            usleep(1000)
        }
        XCTAssertTrue(condition(), "never happened: \(what)")
    }

    func testALimitChangeKeepsAHalfReceivedLine() throws {
        let loop = try EventLoop()
        let log = Logger(level: .error, journal: false)
        let transport = PipeTransport(loop: loop, socketPath: directory.appendingPathComponent("s.sock").path, maxMessageBytes: 4096, log: log)
        let delegate = RecordingDelegate()
        try transport.start(delegate)
        let client = try UnixSocketClient(path: transport.address)
        try client.send(Array(#"{"half":"#.utf8))
        spin(loop, until: { transport.clients.values.first?.framer.bufferedByteCount == 8 }, "the first half is read")
        transport.setMaxMessageBytes(16)
        try client.send(Array("1}\n".utf8))
        spin(loop, until: { !delegate.received.isEmpty }, "the line is complete")
        XCTAssertEqual(delegate.received, [#"{"half":1}"#], "the half received before the change is kept")
        try client.send(Array(#"{"longer":"than sixteen"}"#.utf8) + [0x0A])
        spin(loop, until: { !delegate.oversizedLimits.isEmpty }, "the new limit applies")
        XCTAssertEqual(delegate.oversizedLimits, [16])
        client.close()
        transport.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: transport.address), "stopping removes the socket")
        for connection in delegate.accepted { connection.close(afterFlushing: false) }
        XCTAssertEqual(loop.closeEverything(), 0)
    }
}
