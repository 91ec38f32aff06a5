import Foundation
import XCTest

/// Duplicate of a file that is appended to while it is copied: whenever the writes land, the
/// result is a copy of the file as it was, or no copy at all (refused at its start as pending,
/// or stopped when the copy is seen to be of a file that changed); never a copy holding some of
/// the bytes written meanwhile.
final class DuplicateWhileWrittenIntegrationTests: XCTestCase {
    func testACopyIsOfOneVersionOrNone() throws {
        let daemon = try DaemonProcess()
        let (original, response) = try daemon.runWhileAppended("Duplicate", fill: 31, id: 600)
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
