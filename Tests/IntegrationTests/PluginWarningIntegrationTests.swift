import Foundation
import XCTest

/// A plugin left out of every menu is logged once a minute per reason, not once per menu.
final class PluginWarningIntegrationTests: XCTestCase {
    func testAFailingPluginIsLoggedOncePerReasonNotPerMenu() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("a.txt", "x")
        try daemon.start(binary: DaemonProcess.fixturePath)
        let rpc = try daemon.client()
        for _ in 0..<3 {
            let menu = try rpc.call("menu.open", ["target": ["path": "a.txt"]])
            XCTAssertNotNil(menu["menu"], "\(menu)")
        }
        try eventually("the first menu's warning is logged") { daemon.log.contains("plugin faulty failed to build its items") }
        XCTAssertEqual(daemon.log.components(separatedBy: "plugin faulty failed to build its items").count - 1, 1, daemon.log)
    }
}
