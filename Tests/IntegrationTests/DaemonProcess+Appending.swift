import Foundation
import XCTest

extension DaemonProcess {
    /// Starts the daemon on a 48 MiB file `big.bin` (old enough to be ready), runs the item
    /// titled `item` on it, and appends 50 blocks of 4 KiB to the file while the action runs
    /// (the first from the moment the dismissal is sent). Returns the file as it was before the
    /// writes and the dismissal's answer, for tests of actions on a file written while they act.
    func runWhileAppended(_ item: String, fill: UInt8, id: Int) throws -> (original: Data, response: [String: Any]) {
        let original = Data((0..<(48 << 20)).map { UInt8(truncatingIfNeeded: $0 &* Int(fill)) })
        try original.write(to: path("big.bin"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path("big.bin").path)
        try start()
        let rpc = try client()
        let (menu, itemId) = try rpc.openMenu(["path": "big.bin"], item: item)
        _ = try rpc.call("menu.select", ["menu": menu, "item": itemId])
        try rpc.send(["jsonrpc": "2.0", "id": id, "method": "menu.dismissed", "params": ["menu": menu]])
        let writer = try XCTUnwrap(FileHandle(forWritingAtPath: path("big.bin").path))
        for _ in 0..<50 {
            writer.seekToEndOfFile()
            writer.write(Data(repeating: 0x5A, count: 4096))
            usleep(2000)
        }
        try writer.close()
        return (original, try rpc.response(id: id, timeoutMs: 60_000))
    }
}
