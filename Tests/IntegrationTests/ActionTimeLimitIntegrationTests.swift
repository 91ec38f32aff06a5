import Foundation
import XCTest

/// Time limits that hold in the queue, stopped actions that free their files at once, and stuck
/// actions that cannot take the threads other work needs.
final class ActionTimeLimitIntegrationTests: XCTestCase {
    func testStuckActionsDoNotStopOtherActionsOrMenuBuilds() throws {
        let daemon = try DaemonProcess()
        // More stuck actions than Swift's pool has threads (one per core).
        let stuck = ProcessInfo.processInfo.activeProcessorCount + 1
        for index in 0..<stuck { try daemon.writeReady("stuck\(index).txt", "s") }
        try daemon.writeReady("other.txt", "o")
        let driver = try ActionTestDriver.start(daemon, config: ActionTestDriver.config("maxRunningActions: \(stuck + 2), actionTimeout: \"5m\""))
        var clients: [(RPCClient, String)] = []
        for index in 0..<stuck {
            let rpc = try daemon.client()
            clients.append((rpc, try driver.select(rpc, ["path": "stuck\(index).txt"], "Block")))
        }
        for (index, (rpc, menuId)) in clients.enumerated() { try driver.dismiss(rpc, menuId, input: "60", id: 500 + index) }
        driver.waitForLog("probe: blocking", count: stuck)
        let rpc = try daemon.client()
        // A menu whose plugin is asked off the loop still gets that plugin's items ...
        let menu = try driver.open(rpc, ["path": "other.txt"])
        XCTAssertTrue(driver.items(menu).contains { $0["plugin"] as? String == "probe" }, "the probe plugin answered the build")
        _ = try rpc.call("menu.cancel", ["menu": menu["id"] as Any])
        // ... and another file's Inspect runs and answers.
        let inspect = try driver.select(rpc, ["path": "other.txt"], "Inspect")
        let answer = try rpc.call("menu.dismissed", ["menu": inspect], timeoutMs: 20_000)
        XCTAssertEqual(answer["ran"] as? Bool, true)
        XCTAssertEqual(clients.count, stuck)
    }

    func testAStoppedActionFreesItsFileAtOnceAndItsLateResultIsIgnored() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("f.txt", "f")
        try daemon.writeReady("g.txt", "g")
        let driver = try ActionTestDriver.start(daemon, config: ActionTestDriver.config(#"actionTimeout: "2s""#))
        let first = try daemon.client()
        let second = try daemon.client()

        // Stuck 3 s, past its 2 s limit: answered -32031 at the limit; what it reports when it
        // wakes is dropped.
        let brief = try driver.select(first, ["path": "g.txt"], "Block")
        try driver.dismiss(first, brief, input: "3", id: 1)
        XCTAssertEqual(ActionTestDriver.error(try first.response(id: 1, timeoutMs: 20_000))?["code"] as? Int, -32031)
        driver.waitForLog("ended now; what it reported is ignored")
        let status = try first.request("daemon.status")
        XCTAssertNotNil(status["result"], "the next answer on the connection is the status, not a late one: \(status)")

        // Stuck 60 s under a 2 s limit; the next action on the file (dismissed under a longer
        // limit) must not wait for its thread.
        let stuck = try driver.select(first, ["path": "f.txt"], "Block")
        let next = try driver.select(second, ["path": "f.txt"], "Report")
        try driver.dismiss(first, stuck, input: "60", id: 2)
        driver.waitForLog("probe: blocking", count: 2)
        try driver.reload(ActionTestDriver.config(#"actionTimeout: "60s""#), count: 1)
        try driver.dismiss(second, next, id: 3)
        XCTAssertEqual(ActionTestDriver.error(try first.response(id: 2, timeoutMs: 20_000))?["code"] as? Int, -32031)
        let report = try second.response(id: 3, timeoutMs: 20_000)
        XCTAssertEqual((report["result"] as? [String: Any])?["ran"] as? Bool, true, "\(report)")
    }

    func testAQueuedActionOutOfTimeNeverStartsAndTheNextOneStartsAtOnce() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("f.txt", "f")
        try daemon.writeReady("g.txt", "g")
        let driver = try ActionTestDriver.start(daemon, config: ActionTestDriver.config(#"actionTimeout: "60s""#))
        func reload(_ timeout: String, _ count: Int) throws {
            try driver.reload(ActionTestDriver.config("actionTimeout: \"\(timeout)\""), count: count)
        }
        let (a, b, c) = (try daemon.client(), try daemon.client(), try daemon.client())
        // a holds f for 12 s, well inside its own 60 s limit.
        let long = try driver.select(a, ["path": "f.txt"], "Wait")
        try driver.dismiss(a, long, input: "12000", id: 1)
        driver.waitForLog("probe: waiting")
        // b (on f and g) is dismissed under a 3 s limit: it waits behind a and runs out of time.
        try reload("3s", 1)
        let selection = try driver.select(b, ["paths": ["f.txt", "g.txt"]], "Report")
        try driver.dismiss(b, selection, id: 2)
        driver.waitForLog("waits for its turn")
        // c (on g) waits behind b, which holds its place on g; when b leaves the queue, c starts.
        try reload("60s", 2)
        let onG = try driver.select(c, ["path": "g.txt"], "Report")
        try driver.dismiss(c, onG, id: 3)
        let outOfTime = try XCTUnwrap(ActionTestDriver.error(try b.response(id: 2, timeoutMs: 15_000)))
        XCTAssertEqual(outOfTime["code"] as? Int, -32031)
        XCTAssertEqual((outOfTime["data"] as? [String: Any])?["started"] as? Bool, false)
        let ran = try c.response(id: 3, timeoutMs: 15_000)
        XCTAssertEqual((ran["result"] as? [String: Any])?["ran"] as? Bool, true, "\(ran)")
        XCTAssertFalse(daemon.log.contains("action for menu \(long) done"), "c did not wait for a")
        XCTAssertNotNil(try a.response(id: 1, timeoutMs: 30_000)["result"])
    }
}
