import Foundation
import XCTest

/// Typed text reaches a command whole or not at all: a NUL would end the argument early (exec
/// takes C strings), so the program would get another argument than the one typed.
final class CommandInputIntegrationTests: XCTestCase {
    func testTypedTextWithANulIsRefusedAndNothingRuns() throws {
        let daemon = try DaemonProcess()
        try daemon.start(config: """
            { commands: [ { title: "Echo", input: { prompt: "Text" }, argv: ["printf", "[%s]", "{input}"] } ] }
            """)
        let rpc = try daemon.client()
        XCTAssertThrowsError(try rpc.pick(["background": true], "Echo", input: "a\u{0}b")) { error in
            let failure = error as? RPCClient.Failure
            XCTAssertEqual(failure?.code, -32030, "\(error)")
            XCTAssertTrue(failure?.message.contains("contains a NUL character") == true, "\(error)")
        }
        XCTAssertFalse(daemon.log.contains("running “Echo”"), "the program never started")
        let result = try rpc.pick(["background": true], "Echo", input: "a b")
        XCTAssertEqual((result["outcome"] as? [String: Any])?["output"] as? String, "[a b]")
    }
}
