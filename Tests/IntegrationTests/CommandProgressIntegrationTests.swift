import Foundation
import XCTest

/// `progress: "percent"`: a command's `NN%` lines become the action's progress as they come.
final class CommandProgressIntegrationTests: XCTestCase {
    func testPercentLinesAreReportedAsProgress() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "x")
        try daemon.start(config: #"""
            { commands: [{ title: "Work", progress: "percent",
                           argv: ["sh", "-c", "echo 10%; echo 'step 2: 55.5% done'; echo no number; echo 100%", "sh", "{path}"] }] }
            """#)
        let rpc = try daemon.client()
        let result = try rpc.pick(["path": "a.txt"], "Work")
        XCTAssertNotNil(result["outcome"], "\(result)")
        let progress = rpc.notifications.filter { $0["method"] as? String == "action.progress" }.compactMap { $0["params"] as? [String: Any] }
        XCTAssertEqual(progress.compactMap { $0["fraction"] as? Double }, [0.1, 0.555, 1.0])
        XCTAssertEqual(progress.compactMap { $0["message"] as? String }, ["10%", "step 2: 55.5% done", "100%"])
    }

    func testAnUnknownProgressSourceStopsStartUpNamingTheKey() throws {
        let daemon = try DaemonProcess()
        XCTAssertThrowsError(try daemon.start(config: #"{ commands: [{ title: "Work", progress: "lines", argv: ["true", "{path}"] }] }"#))
        XCTAssertTrue(daemon.log.contains("commands[0].progress"), daemon.log)
        XCTAssertTrue(daemon.log.contains("\"percent\""), daemon.log)
    }
}
