import Foundation
import XCTest

/// SHA-256 of a file appended to while it is hashed: the answer is the digest of the file as
/// it was, or no digest at all; never a digest of a mix of versions.
final class ChecksumWhileWrittenIntegrationTests: XCTestCase {
    func testADigestIsOfOneVersionOrNone() throws {
        let daemon = try DaemonProcess()
        let original = Data((0..<(48 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 17) })
        try original.write(to: daemon.path("big.bin"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: daemon.path("big.bin").path)
        try daemon.start()
        let rpc = try daemon.client()
        let (menu, item) = try rpc.openMenu(["path": "big.bin"], item: "SHA-256")
        _ = try rpc.call("menu.select", ["menu": menu, "item": item])
        try rpc.send(["jsonrpc": "2.0", "id": 610, "method": "menu.dismissed", "params": ["menu": menu]])
        let writer = try XCTUnwrap(FileHandle(forWritingAtPath: daemon.path("big.bin").path))
        for _ in 0..<50 {
            writer.seekToEndOfFile()
            writer.write(Data(repeating: 0x5A, count: 4096))
            usleep(2000)
        }
        try writer.close()
        let response = try rpc.response(id: 610, timeoutMs: 60_000)
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
