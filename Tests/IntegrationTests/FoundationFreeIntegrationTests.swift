import Foundation
import XCTest

/// The running daemon has no Foundation library mapped (docs/architecture.md, "Foundation"):
/// the source rule in ArchitectureTests catches an `import`, this catches a library that
/// pulls Foundation in behind it.
final class FoundationFreeIntegrationTests: XCTestCase {
    func testTheRunningDaemonMapsNoFoundationLibrary() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        let libraries = try daemon.mappedFiles()
        XCTAssertTrue(libraries.contains { $0.contains("libswiftCore") }, "the maps should list the Swift runtime: \(libraries.sorted())")
        let foundation = libraries.filter { $0.contains("Foundation") }
        XCTAssertEqual(foundation, [], "menud loaded Foundation; see docs/architecture.md for what to use instead")
    }
}
