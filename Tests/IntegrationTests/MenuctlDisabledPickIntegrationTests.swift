import Foundation
import XCTest

/// `menuctl menu --pick` on a disabled item says why it is disabled (its status).
final class MenuctlDisabledPickIntegrationTests: XCTestCase {
    func testPickingADisabledItemPrintsItsStatus() throws {
        let daemon = try DaemonProcess()
        // Settling takes an hour, so the fresh file stays pending and the ready-only command is
        // shown disabled with the reason.
        try daemon.write("a.log", "x")
        try daemon.start(settle: "1h", config: #"{ commands: [{ title: "Compress", match: { glob: "*.log", states: ["ready"] }, argv: ["true", "{path}"] }] }"#)
        let result = try MenuctlProcess.run(["menu", "a.log", "--pick", "Compress"], socketPath: daemon.socketPath)
        XCTAssertEqual(result.exitCode, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("'Compress' is disabled: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was run"), result.stderr)
    }
}
