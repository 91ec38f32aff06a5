import Foundation
import XCTest

/// "Move Expired Files to Trash" over many files while some of them are written to: a file
/// written after the action's check is no longer expired and is left where it is, whenever the
/// write lands (before the check it is pending and not given to the action; after the check it
/// is seen to have changed; after its move the write makes a new file). So no file in the trash
/// ever holds the bytes written.
final class ExpiredTrashWriteIntegrationTests: XCTestCase {
    func testNoFileWrittenToDuringTheActionEndsInTheTrash() throws {
        let daemon = try DaemonProcess()
        let count = 1500
        let old = Date(timeIntervalSinceNow: -3600)
        for index in 0..<count {
            let url = daemon.path(String(format: "f%05d.txt", index))
            try Data("x".utf8).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
        }
        // The files are an hour old, so they are expired at once; a file written to is not
        // expired again before the test ends (the action reads the folder as it goes, and a
        // file that expired again by then would rightly be trashed).
        try daemon.start(config: "{ expireAfter: \"30min\" }")
        let rpc = try daemon.client()
        let (menu, item) = try rpc.openMenu(["background": true], item: "Move Expired Files to Trash")
        _ = try rpc.call("menu.select", ["menu": menu, "item": item])
        try rpc.send(["jsonrpc": "2.0", "id": 700, "method": "menu.dismissed", "params": ["menu": menu]])
        // The files the action reaches last are written to while it runs.
        for index in (count - 300)..<count {
            let handle = FileHandle(forWritingAtPath: daemon.path(String(format: "f%05d.txt", index)).path)
            handle?.seekToEndOfFile()
            handle?.write(Data("written".utf8))
            try handle?.close()
        }
        let response = try rpc.response(id: 700, timeoutMs: 60_000)
        XCTAssertNotNil(response["result"], "\(response)")
        let trash = daemon.home.appendingPathComponent("data/Trash/files")
        let trashed = try FileManager.default.contentsOfDirectory(atPath: trash.path)
        XCTAssertFalse(trashed.isEmpty)
        for name in trashed {
            XCTAssertEqual(try String(contentsOf: trash.appendingPathComponent(name), encoding: .utf8), "x", "\(name) was written to, yet trashed")
        }
    }
}
