import Foundation
import XCTest

/// A daemon that serves no web page, hashes no file and names no file type has not loaded
/// libwebsockets, libssl, libcrypto or libmagic, and one that systemd did not start has not
/// loaded libsystemd (docs/architecture.md, "Libraries opened on first use"): they are opened
/// with dlopen when first needed, not linked.
final class LibrariesOnFirstUseIntegrationTests: XCTestCase {
    func testAnIdleDaemonMapsNoneOfTheLibrariesItOpensOnFirstUse() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        XCTAssertNil(ProcessInfo.processInfo.environment["NOTIFY_SOCKET"], "run the tests outside a systemd service")
        let libraries = try daemon.mappedFiles()
        XCTAssertTrue(libraries.contains { $0.contains("libuv") }, "the maps should list libuv: \(libraries.sorted())")
        let loaded = libraries.filter { path in
            ["libwebsockets", "libssl", "libcrypto", "libmagic", "magic.mgc", "libsystemd", "libgcrypt"].contains { path.contains($0) }
        }
        XCTAssertEqual(loaded, [], "menud loaded a library it should open only on first use")
    }
}
