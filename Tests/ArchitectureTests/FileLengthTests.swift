import Foundation
import XCTest

/// Holds every Swift file, code and tests alike, to the project's 300-line rule: a longer file
/// holds more than one concern and is split along them (`Type+Concern.swift` for extensions).
final class FileLengthTests: XCTestCase {
    static let lineLimit = 300

    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under the package's `top` folder, by path from the package root, with
    /// its line count as `wc -l` gives it (the newlines in it).
    private func lineCounts(under top: String) throws -> [(path: String, lines: Int)] {
        let base = Self.packageRoot.appendingPathComponent(top)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            XCTFail("cannot read \(base.path)")
            return []
        }
        var result: [(String, Int)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = url.path.replacingOccurrences(of: Self.packageRoot.path + "/", with: "")
            let bytes = try Data(contentsOf: url)
            result.append((relative, bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }))
        }
        return result
    }

    private func assertWithinTheLimit(_ files: [(path: String, lines: Int)], file: StaticString = #filePath, line: UInt = #line) {
        for entry in files {
            XCTAssertLessThanOrEqual(
                entry.lines, Self.lineLimit,
                "\(entry.path) has \(entry.lines) lines; split it along its concerns into files of at most \(Self.lineLimit)",
                file: file, line: line)
        }
    }

    func testNoSourceOrPluginFileIsOverTheLimit() throws {
        let sources = try lineCounts(under: "Sources")
        let plugins = try lineCounts(under: "Plugins")
        XCTAssertGreaterThan(sources.count, 100, "the scan of Sources/ found too few files")
        XCTAssertGreaterThan(plugins.count, 5, "the scan of Plugins/ found too few files")
        assertWithinTheLimit(sources + plugins)
    }

    func testNoTestFileIsOverTheLimit() throws {
        let tests = try lineCounts(under: "Tests")
        XCTAssertGreaterThan(tests.count, 100, "the scan of Tests/ found too few files")
        XCTAssertTrue(tests.contains { $0.path == "Tests/ArchitectureTests/FileLengthTests.swift" }, "the scan of Tests/ missed this file")
        assertWithinTheLimit(tests)
    }
}
