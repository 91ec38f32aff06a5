import Foundation
import XCTest

/// Runs the Python client's own tests (clients/python/test_menud_client.py) against the menud
/// built with these tests.
final class PythonClientTests: XCTestCase {
    func testPythonClientSuitePasses() throws {
        guard let python = ServiceCommand.find("python3") else { throw XCTSkip("python3 is missing (make deps installs it)") }
        let clientFolder = ServiceCommand.repositoryRoot.appendingPathComponent("clients/python")
        var environment = ServiceCommand.cleanEnvironment
        environment["MENUD_BIN"] = DaemonProcess.menudPath
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let result = try ServiceCommand.run(python, ["-m", "unittest", "-v", "test_menud_client"], environment: environment, in: clientFolder)
        if result.status != 0 { print(result.output) }
        XCTAssertEqual(result.status, 0, "python3 -m unittest test_menud_client failed:\n\(result.output)")
        XCTAssertTrue(result.output.contains("\nOK"), result.output)
        // Show which client tests were skipped (menu tests wait for a daemon that serves menus).
        for line in result.output.split(separator: "\n") where line.contains("skipped") {
            print("python client: \(line)")
        }
    }
}
