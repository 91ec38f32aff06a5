import Foundation
import XCTest

/// Runs the web transport's tests (Tests/WebIntegration/test_web_transport.py) against the menud
/// built with these tests: the real daemon with --web, spoken to over WebSocket, HTTP and its
/// Unix socket. Its small blocking WebSocket client writes frames by hand (binary, oversized,
/// fragments, a client that stops reading), like the browser tests' Python beside it.
final class WebTransportIntegrationTests: XCTestCase {
    func testTheWebTransportSuitePasses() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("/usr/bin/python3 is missing (make deps installs it)") }
        let folder = ServiceCommand.repositoryRoot.appendingPathComponent("Tests/WebIntegration")
        var environment = ServiceCommand.cleanEnvironment
        environment["MENUD_BIN_DIR"] = DaemonProcess.binaryDirectory.path
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let result = try ServiceCommand.run("/usr/bin/python3", ["-W", "ignore::ResourceWarning", "-m", "unittest", "-v", "test_web_transport"],
                                            environment: environment, in: folder)
        if result.status != 0 { print(result.output) }
        XCTAssertEqual(result.status, 0, "python3 -m unittest test_web_transport failed:\n\(result.output)")
        XCTAssertTrue(result.output.contains("\nOK"), result.output)
        for line in result.output.split(separator: "\n") where line.contains("skipped") {
            print("web transport: \(line)")
        }
    }
}
