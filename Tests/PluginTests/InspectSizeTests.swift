import Foundation
import MenudPluginAPI
import XCTest

@testable import FileActionsPlugin

/// Inspect's size line: the short form, then the exact count, unless the short form is exact.
final class InspectSizeTests: XCTestCase {
    func testTheSizeIsWrittenOnceWhenTheShortFormIsExact() {
        XCTAssertEqual(FileActions.sizeLine(1, sizeText: "1 byte"), "1 byte")
        XCTAssertEqual(FileActions.sizeLine(999, sizeText: "999 bytes"), "999 bytes")
        XCTAssertEqual(FileActions.sizeLine(0, sizeText: "Zero KB"), "Zero KB (0 bytes)")
        XCTAssertEqual(FileActions.sizeLine(1000, sizeText: "1 KB"), "1 KB (1,000 bytes)")
        XCTAssertEqual(FileActions.sizeLine(2_097_155, sizeText: "2.1 MB"), "2.1 MB (2,097,155 bytes)")
    }

    func testInspectOfAOneByteFileSaysOneByteOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("one.txt", "1")
        let file = try directory.file("one.txt")
        let items = try FileActions(mimeTypes: nil).immediateItems(
            for: MenuTarget(kind: .file, files: [file], root: directory.path)) ?? []
        let outcome = try await runAction(
            try items.item("inspect"),
            ActionContext(files: [file], root: directory.path, processes: FoundationProcessLauncher()))
        XCTAssertEqual(outcome.output?.split(separator: "\n")[1], "Size: 1 byte")
    }

    func testInspectReportsTheOpenedFilesSizeNotTheMenus() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("grew.txt", "1")
        let file = try directory.file("grew.txt")
        try Data(repeating: 0x41, count: 1500).write(to: URL(fileURLWithPath: directory.path + "/grew.txt"))
        let items = try FileActions(mimeTypes: nil).immediateItems(
            for: MenuTarget(kind: .file, files: [file], root: directory.path)) ?? []
        let outcome = try await runAction(
            try items.item("inspect"),
            ActionContext(files: [file], root: directory.path, processes: FoundationProcessLauncher()))
        XCTAssertEqual(outcome.output?.split(separator: "\n")[1], "Size: 2 KB (1,500 bytes)")
    }
}
