import Foundation
import MenudLoop
import MenudNative
import XCTest

final class LoopHandleTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        signal(SIGPIPE, SIG_IGN)
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("loop-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs the loop until `done()` or the iteration budget runs out.
    private func spin(_ loop: EventLoop, until done: () -> Bool, iterations: Int = 2000) {
        var count = 0
        while !done() && count < iterations {
            loop.runOnce(blocking: false)
            usleep(1000)
            count += 1
        }
    }

    func testTimerFiresAndLoopClosesClean() throws {
        let loop = try EventLoop()
        let timer = try LoopTimer(loop: loop)
        var fired = 0
        timer.start(afterMs: 5) { fired += 1 }
        spin(loop, until: { fired == 1 })
        XCTAssertEqual(fired, 1)
        XCTAssertFalse(timer.isActive)
        XCTAssertEqual(loop.closeEverything(), 0, "every handle closed and freed")
    }

    /// Work that yields by restarting a timer at 0 ms lets the loop take I/O between its
    /// slices: a message posted during the first slice arrives long before the thousandth.
    func testATimerRestartedAtZeroFromItsCallbackLetsTheLoopPollBetweenFirings() throws {
        let loop = try EventLoop()
        let timer = try LoopTimer(loop: loop)
        var firings = 0
        var firingsWhenDelivered: Int?
        let inbox = try AsyncInbox<Int>(loop: loop) { _ in firingsWhenDelivered = firingsWhenDelivered ?? firings }
        func slice() {
            firings += 1
            if firings == 1 { inbox.post(1) }
            if firings < 1000 { timer.start(afterMs: 0) { slice() } }
        }
        timer.start(afterMs: 0) { slice() }
        XCTAssertTrue(timer.isActive)
        spin(loop, until: { firings == 1000 && firingsWhenDelivered != nil }, iterations: 3000)
        XCTAssertEqual(firings, 1000)
        let delivered = try XCTUnwrap(firingsWhenDelivered)
        XCTAssertLessThan(delivered, 10, "the inbox waited for \(delivered) slices")
        XCTAssertFalse(timer.isActive)
        timer.start(afterMs: 0) { XCTFail("a stopped timer does not fire") }
        timer.stop()
        XCTAssertFalse(timer.isActive)
        loop.runOnce(blocking: false)
        inbox.close()
        XCTAssertEqual(loop.closeEverything(), 0, "every handle closed and freed, the timer's idle handle too")
    }

    func testAsyncInboxDeliversMessagesFromOtherThreadsInOrder() throws {
        let loop = try EventLoop()
        var received: [Int] = []
        let inbox = try AsyncInbox<Int>(loop: loop) { received.append(contentsOf: $0) }
        let thread = Thread { for value in 0..<1000 { inbox.post(value) } }
        thread.start()
        spin(loop, until: { received.count == 1000 })
        XCTAssertEqual(received, Array(0..<1000))
        inbox.close()
        XCTAssertFalse(inbox.post(5), "a closed inbox refuses messages")
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    func testPipeServerEchoesLargeWritesIntact() throws {
        let loop = try EventLoop()
        let path = directory.appendingPathComponent("s.sock").path
        let server = try PipeServer(loop: loop, bindingTo: path)
        var connections: [PipeConnection] = []
        var credentials: PeerCredentials?
        try server.listen { result in
            guard case .success(let connection) = result else { return XCTFail("accept failed") }
            credentials = connection.peerCredentials()
            connections.append(connection)
            try? connection.startReading { event in
                if case .data(let bytes) = event {
                    // 4 MiB reply: far more than the socket buffer, so it goes through uv_write
                    // and the buffer must stay alive until the write callback.
                    var big = [UInt8](repeating: 0, count: 4 << 20)
                    for index in big.indices { big[index] = UInt8(0x41 + index % 26) }
                    big[big.count - 1] = 0x0A
                    connection.write(big)
                    big.withUnsafeMutableBufferPointer { $0.update(repeating: 0xFF) }
                    _ = bytes
                }
            }
        }
        let received = LockedBytes()
        let clientThread = Thread {
            do {
                let client = try UnixSocketClient(path: path)
                try client.sendLine("hello")
                if let line = try client.readLine(timeoutMs: 10_000) { received.set(line) }
            } catch { received.set([]) }
        }
        clientThread.start()
        spin(loop, until: { received.get() != nil }, iterations: 10_000)
        let line = try XCTUnwrap(received.get())
        XCTAssertEqual(line.count, (4 << 20) - 1)
        XCTAssertTrue(line.enumerated().allSatisfy { $0.element == UInt8(0x41 + $0.offset % 26) },
                      "bytes arrive as written even though the caller overwrote its buffer")
        XCTAssertEqual(credentials?.uid, getuid())
        XCTAssertEqual(credentials?.pid, getpid())
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    func testBindRefusesPathsTheKernelWouldTruncate() throws {
        let loop = try EventLoop()
        let long = "/tmp/" + String(repeating: "x", count: 120)
        XCTAssertThrowsError(try PipeServer(loop: loop, bindingTo: long)) { error in
            XCTAssertEqual((error as? LoopError)?.name, "ENAMETOOLONG")
        }
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    func testFileSystemWatcherReportsCreateMoveDeleteWithNames() throws {
        let loop = try EventLoop()
        let watcher = try FileSystemWatcher(loop: loop)
        var events: [FileSystemEvent] = []
        try watcher.start { events.append(contentsOf: $0) }
        let wd = try watcher.addWatch(path: Array(directory.path.utf8))
        let name: [UInt8] = [0x61, 0xFF, 0x62] // not valid UTF-8
        let path = Array(directory.path.utf8) + [0x2F] + name
        NativePath.withCString(path) { _ = creat($0, 0o644) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.moveItem(at: directory.appendingPathComponent("sub"), to: directory.appendingPathComponent("sub2"))
        _ = NativePath.unlink(path)
        spin(loop, until: { events.contains { $0.kind.contains(.deleted) } })
        XCTAssertTrue(events.allSatisfy { $0.watch == wd })
        XCTAssertTrue(events.contains { $0.kind.contains(.created) && $0.name == name })
        XCTAssertTrue(events.contains { $0.kind.contains(.created) && $0.kind.contains(.isDirectory) && $0.name == Array("sub".utf8) })
        let from = try XCTUnwrap(events.first { $0.kind.contains(.movedFrom) })
        let to = try XCTUnwrap(events.first { $0.kind.contains(.movedTo) })
        XCTAssertEqual(from.cookie, to.cookie)
        XCTAssertEqual(to.name, Array("sub2".utf8))
        XCTAssertTrue(events.contains { $0.kind.contains(.deleted) && $0.name == name })
        XCTAssertThrowsError(try watcher.addWatch(path: Array((directory.path + "/missing").utf8)))
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    func testChildProcessReportsOutputAndExitWithoutAShell() throws {
        let loop = try EventLoop()
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var exit: ChildProcess.Exit?
        let hostile = "a b; touch pwned $(touch pwned2)"
        let process = try ChildProcess(loop: loop, argv: ["/bin/sh", "-c", "printf '%s' \"$1\"; echo err >&2; exit 3", "sh", hostile],
                                       workingDirectory: directory.path,
                                       onOutput: { isError, bytes in if isError { stderr += bytes } else { stdout += bytes } },
                                       onExit: { exit = $0 })
        XCTAssertGreaterThan(process.pid, 0)
        spin(loop, until: { exit != nil })
        XCTAssertEqual(exit?.status, 3)
        XCTAssertEqual(String(decoding: stdout, as: UTF8.self), hostile)
        XCTAssertEqual(String(decoding: stderr, as: UTF8.self), "err\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("pwned").path))
        XCTAssertEqual(loop.closeEverything(), 0)
    }

    func testChildProcessKillAndMissingProgram() throws {
        let loop = try EventLoop()
        var exit: ChildProcess.Exit?
        let process = try ChildProcess(loop: loop, argv: ["sleep", "30"], workingDirectory: nil,
                                       onOutput: { _, _ in }, onExit: { exit = $0 })
        process.kill(signal: SIGKILL)
        spin(loop, until: { exit != nil })
        XCTAssertEqual(exit?.signal, SIGKILL)
        XCTAssertThrowsError(try ChildProcess(loop: loop, argv: ["/nonexistent/program"], workingDirectory: nil,
                                              onOutput: { _, _ in }, onExit: { _ in })) { error in
            XCTAssertEqual((error as? LoopError)?.name, "ENOENT")
        }
        XCTAssertEqual(loop.closeEverything(), 0)
    }
}

/// A byte array shared between a client thread and the test.
final class LockedBytes: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var value: [UInt8]?
    func set(_ bytes: [UInt8]) { lock.lock(); value = bytes; lock.unlock() }
    func get() -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return value }
}
