import Foundation
import XCTest

/// SHA-256 of a file appended to while it is hashed: the answer is the digest of the file as
/// it was, or no digest at all; never a digest of a mix of versions.
final class ChecksumWhileWrittenIntegrationTests: XCTestCase {
    func testADigestIsOfOneVersionOrNone() throws {
        let daemon = try DaemonProcess()
        let (original, response) = try daemon.runWhileAppended("SHA-256", fill: 17, id: 610)
        if let result = response["result"] as? [String: Any] {
            let sha = Process()
            sha.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            sha.arguments = ["sha256sum"]
            let input = Pipe()
            let output = Pipe()
            sha.standardInput = input
            sha.standardOutput = output
            try sha.run()
            input.fileHandleForWriting.write(original)
            try input.fileHandleForWriting.close()
            let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
            sha.waitUntilExit()
            XCTAssertEqual((result["outcome"] as? [String: Any])?["output"] as? String, String(expected), "a digest of the file as it was")
        } else {
            let error = response["error"] as? [String: Any]
            let message = error?["message"] as? String ?? ""
            let change = (error?["data"] as? [String: Any])?["change"] as? String
            XCTAssertTrue(message.contains("written to") || change == "state", "\(response)")
        }
    }
}
