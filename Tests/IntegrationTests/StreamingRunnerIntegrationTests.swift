import Foundation
import XCTest

/// The process runner plugins use hands over each line while the program runs, and keeps only
/// the tail it was asked to.
final class StreamingRunnerIntegrationTests: XCTestCase {
    func testAProgramThatPrintsProgressIsFollowedLineByLine() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "x")
        try daemon.start(environment: ["MENUD_FIXTURE_STREAMING": "1"], binary: DaemonProcess.fixturePath)
        let rpc = try daemon.client()
        let result = try rpc.pick(["path": "a.txt"], "Count to three")
        let outcome = try XCTUnwrap(result["outcome"] as? [String: Any], "\(result)")
        XCTAssertEqual(outcome["message"] as? String, "4 lines", "three on stdout, one on stderr")
        XCTAssertEqual(outcome["output"] as? String, "…50%\n75%\n", "the tail is the 8 bytes asked for")
        let progress = rpc.notifications.filter { $0["method"] as? String == "action.progress" }
        let messages = progress.compactMap { ($0["params"] as? [String: Any])?["message"] as? String }
        XCTAssertEqual(messages, ["25%", "50%", "75%"])
    }
}
