import Foundation
import XCTest

extension DaemonProcess {
    /// The files the running daemon has mapped (libraries, databases), from /proc/PID/maps.
    func mappedFiles() throws -> Set<String> {
        // Read to the end: /proc files have no size, and a sized read stops after one page.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(process.processIdentifier)/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
        }.filter { $0.hasPrefix("/") })
    }
}
