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

    /// The adversary's case: a tiny limit, actions on many distinct files, and descriptors taken
    /// by clients the daemon must accept to refuse. A look-up that finds no descriptor free says
    /// nothing about a file: `menu.open` answers -32040 (`openFiles`) instead of a menu whose
    /// file has no identity, and no action on a file nobody touched is refused as "replaced".
    func testAtTheDescriptorLimitNoUntouchedFileIsCalledReplaced() throws {
        let daemon = try DaemonProcess()
        let count = 24
        for index in 0..<count { try daemon.writeReady("f\(index).txt", String(repeating: "x", count: 1000)) }
        let limit = 48
        let binary = try limitedDaemon(daemon, soft: limit, hard: limit)
        try daemon.start(config: "{ maxRunningActions: 4 }", binary: binary)
        XCTAssertTrue(daemon.log.contains("maxRunningActions is 4, but the open-file limit of \(limit) (ulimit -n) holds the descriptors of 1 "),
                      "the fitted count is logged:\n\(daemon.log)")
        XCTAssertTrue(daemon.log.contains("maxRunningActions 1)"), "the start line shows the count in force:\n\(daemon.log)")

        let rpc = try daemon.client()
        let titles = ["Inspect", "SHA-256", "Duplicate"]
        var outcomes: [String: Int] = [:]
        for index in 0..<count {
            // Clients that each take a descriptor until the daemon has refused them; at the
            // first files they arrive before the menu opens, at the later ones before the dismissal.
            let crowdBeforeOpen = index < count / 2
            var crowd = crowdBeforeOpen ? connectCrowd(daemon, size: 8 + index % 4 * 8) : []
            let menu: (menu: String, item: String)
            do {
                menu = try rpc.openMenu(["path": "f\(index).txt"], item: titles[index % titles.count])
            } catch let failure as RPCClient.Failure {
                XCTAssertEqual(failure.code, -32040, "\(failure)")
                XCTAssertEqual((failure.data as? [String: Any])?["limit"] as? String, "openFiles", "\(failure)")
                outcomes["menu.open -32040", default: 0] += 1
                continue
            }
            if crowdBeforeOpen { crowd = [] } else { crowd = connectCrowd(daemon, size: 8 + index % 4 * 8) }
            XCTAssertEqual(try rpc.call("menu.select", ["menu": menu.menu, "item": menu.item])["dismiss"] as? Bool, true)
            do {
                _ = try rpc.call("menu.dismissed", ["menu": menu.menu], timeoutMs: 30_000)
                outcomes["ran", default: 0] += 1
            } catch let failure as RPCClient.Failure {
                let data = failure.data as? [String: Any]
                if failure.code == -32023 {
                    XCTAssertEqual(data?["change"] as? String, "unreachable", "f\(index).txt was not touched: \(failure)")
                    XCTAssertTrue((data?["reason"] as? String ?? "").contains("no file descriptor free"), "\(failure)")
                } else {
                    XCTAssertTrue([-32030, -32040].contains(failure.code), "\(failure)")
                }
                outcomes["dismissal \(failure.code)", default: 0] += 1
            }
            crowd.removeAll()
        }
        print("at \(limit) descriptors: \(outcomes.sorted { $0.key < $1.key })")
        XCTAssertTrue(daemon.process.isRunning, "the daemon survived:\n\(daemon.log)")
        XCTAssertFalse(daemon.log.contains("was replaced by another file"), "no untouched file was called replaced:\n\(daemon.log)")
        // Once the crowd has gone, a menu on every file acts.
        XCTAssertEqual(try rpc.pick(["path": "f0.txt"], "Inspect")["ran"] as? Bool, true)

        // A reload fits the new value again and says so once.
        try "{ maxRunningActions: 2 }".write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the reload is logged") { daemon.log.contains("reloaded ") }
        XCTAssertTrue(daemon.log.contains("maxRunningActions 2 (1 at once: the open-file limit holds no more)"), daemon.log)
        XCTAssertTrue(daemon.log.contains("maxRunningActions is 2, but the open-file limit of \(limit) (ulimit -n) holds the descriptors of 1 "), daemon.log)
    }

    /// `size` connections, each of which the daemon accepts (a descriptor) before it refuses it
    /// past its client limit; held by the caller for as long as they should weigh.
    private func connectCrowd(_ daemon: DaemonProcess, size: Int) -> [UnixSocketClient] {
        (0..<size).compactMap { _ in try? UnixSocketClient(path: daemon.socketPath) }
    }
}
