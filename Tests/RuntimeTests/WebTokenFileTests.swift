import Foundation
@testable import MenudRuntime
import XCTest

/// The web secret's file: private, whole, and never written through someone else's folder.
final class WebTokenFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("menud-token-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    func testSecretsAreLongRandomAndFitForAURL() throws {
        let first = WebTokenFile.makeSecret(), second = WebTokenFile.makeSecret()
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(first.count, 43)
        XCTAssertTrue(first.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }, first)
    }

    func testTheFileIsPrivateInAPrivateFolderAndReplacedWhole() throws {
        let folder = directory.appendingPathComponent("menud")
        let file = WebTokenFile(path: folder.appendingPathComponent("web-token").path)
        try file.write("first-secret")
        XCTAssertEqual(try mode(folder.path), 0o700)
        XCTAssertEqual(try mode(file.path), 0o600)
        try file.write("second-secret")
        XCTAssertEqual(try String(contentsOfFile: file.path, encoding: .utf8), "second-secret\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["web-token"], "no temporary file left")
        file.remove(ifHolding: "first-secret")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "another daemon's secret stays")
        file.remove(ifHolding: "second-secret")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testAFolderOpenToOthersIsMadePrivate() throws {
        let folder = directory.appendingPathComponent("menud")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        chmod(folder.path, 0o755)
        try WebTokenFile(path: folder.appendingPathComponent("web-token").path).write("secret")
        XCTAssertEqual(try mode(folder.path), 0o700)
    }

    func testALinkedFolderIsRefusedAndNothingIsWrittenThroughIt() throws {
        let elsewhere = directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        let link = directory.appendingPathComponent("menud")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        XCTAssertThrowsError(try WebTokenFile(path: link.appendingPathComponent("web-token").path).write("secret")) { error in
            XCTAssertTrue("\(error)".contains("is a symbolic link"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    }

    func testAFileWhereTheFolderShouldBeIsRefused() throws {
        let notAFolder = directory.appendingPathComponent("menud")
        FileManager.default.createFile(atPath: notAFolder.path, contents: Data("x".utf8))
        XCTAssertThrowsError(try WebTokenFile(path: notAFolder.appendingPathComponent("web-token").path).write("secret")) { error in
            XCTAssertTrue("\(error)".contains("is not a folder"), "\(error)")
        }
    }
}
