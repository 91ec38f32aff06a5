import CSharedLibrary
import XCTest

/// Opening a library at run time: a missing one gives a sentence naming the package to install.
final class SharedLibraryTests: XCTestCase {
    func testAMissingLibraryNamesThePackageToInstall() {
        var error = [CChar](repeating: 0, count: 512)
        let library = menud_library_open("libmenud-absent.so.9", "libmenud-absent9", &error, error.count)
        XCTAssertNil(library)
        let message = text(error)
        XCTAssertTrue(message.hasPrefix("libmenud-absent.so.9 could not be loaded ("), message)
        XCTAssertTrue(message.contains("install the package libmenud-absent9 (apt install libmenud-absent9)"), message)
    }

    func testAMissingFunctionIsNamed() throws {
        var error = [CChar](repeating: 0, count: 512)
        let library = try XCTUnwrap(menud_library_open("libc.so.6", "libc6", &error, error.count))
        XCTAssertNotNil(menud_library_symbol(library, "libc.so.6", "libc6", "getpid", &error, error.count))
        XCTAssertNil(menud_library_symbol(library, "libc.so.6", "libc6", "menud_no_such_function", &error, error.count))
        XCTAssertTrue(text(error).contains("has no function menud_no_such_function"), text(error))
    }

    /// The sentence in `buffer`, up to its terminating zero.
    private func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
