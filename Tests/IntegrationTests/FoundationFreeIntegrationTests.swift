import Foundation
import XCTest

/// The running daemon has no Foundation library mapped (docs/architecture.md, "Foundation"):
/// the source rule in ArchitectureTests catches an `import`, this catches a library that
/// pulls Foundation in behind it.
final class FoundationFreeIntegrationTests: XCTestCase {
    func testTheRunningDaemonMapsNoFoundationLibrary() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        // Read to the end: /proc files have no size, and a sized read stops after one page.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(daemon.process.processIdentifier)/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let libraries = Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
        }.filter { $0.hasPrefix("/") })
        XCTAssertTrue(libraries.contains { $0.contains("libswiftCore") }, "the maps should list the Swift runtime: \(libraries.sorted())")
        let foundation = libraries.filter { $0.contains("Foundation") }
        XCTAssertEqual(foundation, [], "menud loaded Foundation; see docs/architecture.md for what to use instead")
    }
}
