import Foundation
import MenudNative
import XCTest

/// The daemon under a small open-file limit: it raises its soft limit to the hard one, keeps
/// descriptors back for actions, refuses the clients beyond what is left with -32040, and an
/// action still runs (the concurrency runtime started before any client could take its
/// descriptors).
final class DescriptorLimitIntegrationTests: XCTestCase {
    /// The hard limit the daemon runs under; its soft limit starts lower.
    static let hardLimit = 96

    override func setUp() {
        super.setUp()
        raiseOpenFileLimit(to: 4096)
    }

    /// A shell wrapper that sets the limits, then execs the daemon with the test's arguments.
    private func limitedDaemon(_ daemon: DaemonProcess, soft: Int, hard: Int) throws -> String {
        let wrapper = daemon.home.appendingPathComponent("menud-limited.sh")
        try """
            #!/bin/sh
            ulimit -S -n \(soft) && ulimit -H -n \(hard) || exit 97
            exec "\(DaemonProcess.menudPath)" "$@"

            """.write(to: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper.path, 0o755)
        return wrapper.path
    }

    /// The first line the daemon sends on a fresh connection after one daemon.status request.
    private func firstAnswer(_ socket: UnixSocketClient) throws -> [String: Any] {
        try socket.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#)
        guard let line = try socket.readLine(timeoutMs: 20_000) else {
            throw DaemonTestError("the daemon closed a connection without a word")
        }
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    }

    func testBeyondTheDescriptorsLeftClientsAreRefusedAndActionsStillRun() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "hello")
        let binary = try limitedDaemon(daemon, soft: 40, hard: Self.hardLimit)
        try daemon.start(config: "{ maxRunningActions: 2 }", binary: binary)
        let pid = daemon.process.processIdentifier

        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let openFiles = try XCTUnwrap(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let numbers = openFiles.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(numbers, [Self.hardLimit, Self.hardLimit], "the soft limit is raised to the hard one: \(openFiles)")
        XCTAssertTrue(daemon.log.contains("maxConnections is 1024, but the open-file limit of \(Self.hardLimit) leaves room for"),
                      "the cap is logged:\n\(daemon.log)")

        // The client that will run the action, connected before the others fill every slot.
        let rpc = try daemon.client()
        XCTAssertNotNil(try rpc.call("daemon.status")["pid"])
        var accepted: [UnixSocketClient] = []
        var refusals = 0
        while refusals < 20 {
            XCTAssertLessThan(accepted.count, Self.hardLimit, "more clients accepted than descriptors exist")
            if accepted.count >= Self.hardLimit { break }
            let socket = try UnixSocketClient(path: daemon.socketPath)
            let answer = try firstAnswer(socket)
            if answer["result"] != nil {
                accepted.append(socket)
                continue
            }
            let error = try XCTUnwrap(answer["error"] as? [String: Any], "\(answer)")
            XCTAssertEqual(error["code"] as? Int, -32040, "\(error)")
            XCTAssertEqual((error["data"] as? [String: Any])?["limit"] as? String, "maxConnections", "\(error)")
            refusals += 1
        }
        XCTAssertGreaterThan(accepted.count, 8, "the reserve leaves room for a fair number of clients")
        print("descriptor limit: \(accepted.count + 1) clients accepted, \(refusals) refused")
        XCTAssertTrue(daemon.process.isRunning)

        // Every client slot is taken; an action needs descriptors of its own and the runtime's.
        let result = try rpc.pick(["path": "a.txt"], "Inspect")
        XCTAssertEqual(result["ran"] as? Bool, true, "\(result)")
        XCTAssertTrue(daemon.process.isRunning, "the daemon survived its first action at the limit:\n\(daemon.log)")
        XCTAssertEqual(try rpc.call("daemon.status")["files"].flatMap { ($0 as? [String: Any])?["total"] as? Int }, 1)

        // Room again once clients leave.
        for socket in accepted.prefix(5) { socket.close() }
        try eventually("a new client is accepted again") {
            guard let socket = try? UnixSocketClient(path: daemon.socketPath), let answer = try? firstAnswer(socket) else { return false }
            return answer["result"] != nil
        }
    }
}
