import Foundation
import XCTest

/// Duplicate of a file that is appended to while it is copied: whenever the writes land, the
/// result is a copy of the file as it was, or no copy at all (refused at its start as pending,
/// or stopped when the copy is seen to be of a file that changed); never a copy holding some of
/// the bytes written meanwhile.
final class DuplicateWhileWrittenIntegrationTests: XCTestCase {
    func testACopyIsOfOneVersionOrNone() throws {
        let daemon = try DaemonProcess()
        let original = Data((0..<(48 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try original.write(to: daemon.path("big.bin"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: daemon.path("big.bin").path)
        try daemon.start()
        let rpc = try daemon.client()
        let (menu, item) = try rpc.openMenu(["path": "big.bin"], item: "Duplicate")
        _ = try rpc.call("menu.select", ["menu": menu, "item": item])
        try rpc.send(["jsonrpc": "2.0", "id": 600, "method": "menu.dismissed", "params": ["menu": menu]])
        let writer = try XCTUnwrap(FileHandle(forWritingAtPath: daemon.path("big.bin").path))
        for _ in 0..<50 {
            writer.seekToEndOfFile()
            writer.write(Data(repeating: 0x5A, count: 4096))
            usleep(2000)
        }
        try writer.close()
        let response = try rpc.response(id: 600, timeoutMs: 60_000)
        let copy = daemon.path("big copy.bin")
        if FileManager.default.fileExists(atPath: copy.path) {
            XCTAssertNotNil(response["result"], "\(response)")
            XCTAssertTrue(try Data(contentsOf: copy) == original, "the copy holds bytes written while it was made")
        } else {
            // Refused at its start (already pending) or stopped while copying.
            let error = response["error"] as? [String: Any]
            let message = error?["message"] as? String ?? ""
            let change = (error?["data"] as? [String: Any])?["change"] as? String
            XCTAssertTrue(message.contains("written to") || change == "state", "\(response)")
        }
    }
}
