import Foundation
import XCTest

/// A reload changes the frame limit of the connections already open without losing what they
/// had half sent.
final class ReloadFramingIntegrationTests: XCTestCase {
    func testAReloadKeepsALineHalfReceived() throws {
        let daemon = try DaemonProcess().start(config: "{ maxFrameBytes: 4096 }")
        let rpc = try daemon.client()
        XCTAssertNotNil(try rpc.call("daemon.status")["pid"])
        try rpc.sendRaw(#"{"jsonrpc":"2.0","id":7,"#)
        // Let the daemon read the first half before the reload (a round trip on another
        // connection follows the read in the daemon's loop).
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertNotNil(try daemon.client().call("daemon.status")["pid"])
        try "{ maxFrameBytes: 8192 }".write(to: daemon.home.appendingPathComponent("config.json5"), atomically: true, encoding: .utf8)
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the config is reloaded") { daemon.log.contains("reloaded ") }
        try rpc.sendRaw(#""method":"daemon.status"}"# + "\n")
        let response = try rpc.response(id: 7)
        XCTAssertNotNil((response["result"] as? [String: Any])?["pid"], "the request sent across the reload is answered: \(response)")
    }
}
