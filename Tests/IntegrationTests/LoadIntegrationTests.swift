import Foundation
import XCTest

/// Many clients at once over real sockets: 500 connections with pipelined requests, clients
/// that stop reading, clients killed in the middle of a request or of a menu handshake. Every
/// request must be answered exactly once, every acknowledged action run exactly once (none
/// that was not acknowledged), and the daemon's memory must come back near where it started.
final class LoadIntegrationTests: XCTestCase {
    static let connections = 500

    override func setUp() {
        super.setUp()
        raiseOpenFileLimit(to: 4096)
    }

    func testFiveHundredConnectionsAreEachAnsweredOnceAndNonReadersAreDropped() throws {
        let daemon = try DaemonProcess()
        // Names long enough that a files.list answer is ~40 KB: non-readers fill their queue fast.
        for index in 0..<120 { try daemon.writeReady("dir\(index % 6)/file-with-a-long-descriptive-name-\(index).txt", "x\(index)") }
        try daemon.start(config: "{ maxOutputBytesPerClient: 262144 }")
        let pid = daemon.process.processIdentifier
        let control = try LoadSocket(path: daemon.socketPath)

        // Warm up with a smaller crowd, so the baseline includes the allocator's working set.
        try crowd(daemon, count: 50, requestsEach: 10, nonReaders: 0)
        try waitForConnections(control, 1)
        let baseline = try LoadProcessMemory.residentMegabytes(pid)

        let peak = try crowd(daemon, count: Self.connections, requestsEach: 20, nonReaders: 10)
        try waitForConnections(control, 1)
        let after = try LoadProcessMemory.residentMegabytes(pid)
        print(String(format: "load: daemon RSS %.1f MB before the crowd, %.1f MB at its peak, %.1f MB after it left", baseline, peak, after))
        XCTAssertTrue(daemon.process.isRunning)
        XCTAssertEqual(daemon.log.components(separatedBy: "stopped reading").count - 1, 10, "each non-reader is dropped once, and logged")
        LoadProcessMemory.assertFlat(pid: pid, before: baseline, after: after, allowed: 15, "load")
    }

    func testClientsKilledMidRequestLeaveNothingBehind() throws {
        let daemon = try DaemonProcess()
        for index in 0..<40 { try daemon.writeReady("f\(index).txt", "data \(index)") }
        try daemon.start()
        let pid = daemon.process.processIdentifier
        let control = try LoadSocket(path: daemon.socketPath)
        try crowd(daemon, count: 20, requestsEach: 10, nonReaders: 0)
        let baseline = try LoadProcessMemory.residentMegabytes(pid)

        // Each child pipelines requests, ends with half a request, says "sent" and waits to be
        // killed; some are killed while still writing.
        let script = """
            import socket, sys, time
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
            mode = sys.argv[2]
            req = b'{"jsonrpc":"2.0","id":%d,"method":"files.list","params":{"glob":"*.txt"}}\\n'
            if mode == "stream":
                print("sent", flush=True)
                i = 0
                while True:
                    s.sendall(req % i); i += 1
            for i in range(200): s.sendall(req % i)
            s.sendall(b'{"jsonrpc":"2.0","id":999,"method":"files.get","params":{"pa')
            print("sent", flush=True)
            time.sleep(60)
            """
        var children: [Process] = []
        for index in 0..<40 {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            child.arguments = ["python3", "-c", script, daemon.socketPath, index % 2 == 0 ? "stream" : "half"]
            let output = Pipe()
            child.standardOutput = output
            try child.run()
            children.append(child)
            let line = output.fileHandleForReading.availableData
            XCTAssertEqual(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "sent")
            if index % 2 == 0 { usleep(useconds_t(1000 * (index % 7))) }
            kill(child.processIdentifier, SIGKILL)
        }
        for child in children { child.waitUntilExit() }
        try waitForConnections(control, 1)
        // Still answering, with everything it knew.
        let status = try control.call("daemon.status")
        XCTAssertEqual(((status["result"] as? [String: Any])?["files"] as? [String: Any])?["total"] as? Int, 40)
        let after = try LoadProcessMemory.residentMegabytes(pid)
        print(String(format: "load: daemon RSS %.1f MB before the killed clients, %.1f MB after", baseline, after))
        LoadProcessMemory.assertFlat(pid: pid, before: baseline, after: after, allowed: 15, "load")
        XCTAssertFalse(daemon.log.contains("failed unexpectedly"))
    }

    func testFiveHundredHandshakesRunEveryAcknowledgedActionExactlyOnce() throws {
        let daemon = try DaemonProcess()
        let log = daemon.home.appendingPathComponent("actions.log").path
        for index in 0..<Self.connections { try daemon.writeReady(String(format: "f%03d.txt", index), "file \(index)") }
        let config = """
            {
              // 480 menus opened at once queue for the plugins' threads; the default 100 ms
              // budget would leave plugins out of the later menus (the rule for slow plugins).
              menuBuildTimeout: "30s",
              maxRunningActions: 64,
              commands: [
                { title: "Log name", match: { glob: "*.txt" },
                  argv: ["sh", "-c", "echo \\"$1\\" >> \(log)", "sh", "{name}"] },
              ],
            }
            """
        try daemon.start(config: config)
        let pid = daemon.process.processIdentifier
        let control = try LoadSocket(path: daemon.socketPath)
        let baseline = try LoadProcessMemory.residentMegabytes(pid)

        // Clients killed for real in the middle of a handshake: after menu.open or after
        // menu.select. Their actions must never run.
        var killedNames: [String] = []
        for index in 0..<20 {
            let name = String(format: "f%03d.txt", index)
            killedNames.append(name)
            try killMidHandshake(daemon, file: name, after: index % 2 == 0 ? "open" : "select")
        }

        let handshakes = try (20..<Self.connections).map { index in
            try LoadHandshake(path: daemon.socketPath, file: String(format: "f%03d.txt", index), role: LoadHandshake.Role(index: index))
        }
        for handshake in handshakes { try handshake.open() }
        for handshake in handshakes { try handshake.readOpened(itemTitle: "Log name") }
        for handshake in handshakes { try handshake.selectOrLeave() }
        for handshake in handshakes { try handshake.readSelected() }
        for handshake in handshakes { try handshake.dismissOrLeave() }
        for handshake in handshakes { try handshake.readDismissed() }

        let mustRun = Set(handshakes.filter(\.mustRun).map(\.file))
        let mustNotRun = Set(handshakes.filter { !$0.mustRun }.map(\.file)).union(killedNames)
        XCTAssertEqual(handshakes.filter { $0.role == .complete && $0.acknowledged }.count,
                       handshakes.filter { $0.role == .complete }.count, "every complete handshake is answered ran: true")
        XCTAssertEqual(handshakes.compactMap(\.problem), [])
        // Actions of clients that left right after menu.dismissed still run; wait for them.
        var lines: [String] = []
        try eventually("every acknowledged action ran", timeout: 60) {
            lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return lines.count >= mustRun.count
        }
        usleep(1_000_000)  // nothing more may come
        lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        var runs: [String: Int] = [:]
        for line in lines { runs[line, default: 0] += 1 }
        XCTAssertEqual(runs.filter { $0.value > 1 }, [:], "no action runs twice")
        XCTAssertEqual(Set(runs.keys).subtracting(mustRun), [], "no unacknowledged action runs")
        XCTAssertEqual(mustRun.subtracting(runs.keys), [], "every acknowledged action runs")
        XCTAssertTrue(Set(runs.keys).isDisjoint(with: mustNotRun))
        print("load: \(handshakes.count + killedNames.count) handshakes, \(runs.count) actions ran, \(mustNotRun.count) never did")

        for handshake in handshakes { handshake.close() }
        try waitForConnections(control, 1)
        let status = try XCTUnwrap(try control.call("daemon.status")["result"] as? [String: Any])
        XCTAssertEqual((status["files"] as? [String: Any])?["total"] as? Int, Self.connections)
        let after = try LoadProcessMemory.residentMegabytes(pid)
        print(String(format: "load: daemon RSS %.1f MB before the handshakes, %.1f MB after", baseline, after))
        LoadProcessMemory.assertFlat(pid: pid, before: baseline, after: after, allowed: 15, "load")
        XCTAssertTrue(daemon.process.isRunning)
    }

    // MARK: Helpers

    /// `count` connections, each pipelining `requestsEach` requests in one write; `nonReaders`
    /// of them instead ask for 300 file lists and never read. Checks that every other
    /// connection gets each of its ids back exactly once; returns the daemon's RSS at the peak.
    @discardableResult
    private func crowd(_ daemon: DaemonProcess, count: Int, requestsEach: Int, nonReaders: Int) throws -> Double {
        let sockets = try (0..<count).map { _ in try LoadSocket(path: daemon.socketPath) }
        let methods = [#""method":"daemon.status""#, #""method":"files.list""#, #""method":"files.get","params":{"path":"missing.txt"}"#,
                       #""method":"files.list","params":{"glob":"*.txt","limit":3}"#, #""method":"no.such.method""#]
        for (index, socket) in sockets.enumerated() {
            var text = ""
            if index < nonReaders {
                for serial in 0..<300 { text += #"{"jsonrpc":"2.0","id":\#(serial),"method":"files.list"}"# + "\n" }
            } else {
                for serial in 0..<requestsEach {
                    text += #"{"jsonrpc":"2.0","id":"c\#(index)-\#(serial)",\#(methods[serial % methods.count])}"# + "\n"
                }
            }
            try socket.send(text)
        }
        let peak = try LoadProcessMemory.residentMegabytes(daemon.process.processIdentifier)
        for (index, socket) in sockets.enumerated() where index >= nonReaders {
            var seen: [String: Int] = [:]
            for _ in 0..<requestsEach {
                guard let answer = try socket.readJSON() as? [String: Any] else {
                    XCTFail("connection \(index) closed before all its answers came")
                    break
                }
                XCTAssertTrue(answer["result"] != nil || answer["error"] != nil, "\(answer)")
                seen[answer["id"] as? String ?? "?", default: 0] += 1
            }
            XCTAssertEqual(seen, Dictionary(uniqueKeysWithValues: (0..<requestsEach).map { ("c\(index)-\($0)", 1) }),
                           "connection \(index): every request answered exactly once")
        }
        // Non-readers are dropped: after what the kernel buffered, their stream ends.
        for index in 0..<nonReaders {
            var answers = 0
            while let line = try sockets[index].readLine(timeoutMs: 30_000) {
                if line.last == 0x7D { answers += 1 }
            }
            XCTAssertLessThan(answers, 300, "non-reader \(index) was dropped before getting every answer")
        }
        for socket in sockets { socket.close() }
        return peak
    }

    private func waitForConnections(_ control: LoadSocket, _ expected: Int) throws {
        var last = -1
        try eventually("the daemon counts \(expected) connection(s)", timeout: 20) {
            let status = try control.call("daemon.status")["result"] as? [String: Any]
            last = status?["connections"] as? Int ?? -1
            return last == expected
        }
        if last != expected { XCTFail("still \(last) connections") }
    }

    /// A python client that opens a menu for `file` (and selects "Log name" when `after` is
    /// "select"), says so, and is then killed with SIGKILL.
    private func killMidHandshake(_ daemon: DaemonProcess, file: String, after: String) throws {
        let script = """
            import json, socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile("rb")
            def call(method, params):
                s.sendall(json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode() + b"\\n")
                while True:
                    answer = json.loads(f.readline())
                    if "id" in answer: return answer["result"]
            menu = call("menu.open", {"target": {"path": sys.argv[2]}})["menu"]
            def walk(items):
                for item in items:
                    yield item
                    yield from walk(item.get("children", []))
            item = next(i for i in walk(menu["items"]) if i["title"] == "Log name")
            if sys.argv[3] == "select": call("menu.select", {"menu": menu["id"], "item": item["id"]})
            print("ready", flush=True)
            sys.stdin.readline()
            """
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        child.arguments = ["python3", "-c", script, daemon.socketPath, file, after]
        let output = Pipe()
        child.standardOutput = output
        child.standardInput = Pipe()
        try child.run()
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        XCTAssertEqual(said.trimmingCharacters(in: .whitespacesAndNewlines), "ready", "the python client for \(file) failed")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
    }
}

/// Raises this process's soft limit on open files (children, the daemon among them, inherit
/// it), up to the hard limit.
func raiseOpenFileLimit(to wanted: rlim_t) {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted else { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
}
