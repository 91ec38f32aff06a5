import Foundation
import Glibc
import MenudNative
import XCTest

final class DirectoryEntriesTests: XCTestCase {
    private var sandbox: NativeSandbox!

    override func setUpWithError() throws {
        sandbox = try NativeSandbox()
        try sandbox.write(sandbox.outside + "/secret.txt", "secret")
    }

    override func tearDown() {
        sandbox.remove()
    }

    func testCreateFileIsExclusiveAndNeverFollowsALink() throws {
        let root = try sandbox.opened()
        let created = try XCTUnwrap(try root.createFile(named: "new.txt".bytes, mode: 0o640).get())
        XCTAssertEqual(try created.status().get().mode & 0o777, 0o640)
        XCTAssertNoThrow(try created.write("one".bytes).get())
        XCTAssertNil(try root.createFile(named: "new.txt".bytes, mode: 0o644).get(), "a taken name")
        XCTAssertEqual(try sandbox.read(sandbox.root + "/new.txt"), "one")

        try sandbox.link(sandbox.root + "/dangling", to: sandbox.outside + "/not-yet.txt")
        try sandbox.link(sandbox.root + "/to-secret", to: sandbox.outside + "/secret.txt")
        XCTAssertNil(try root.createFile(named: "dangling".bytes, mode: 0o644).get())
        XCTAssertNil(try root.createFile(named: "to-secret".bytes, mode: 0o644).get())
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outside + "/not-yet.txt"), "a dangling link is not followed")
        XCTAssertEqual(try sandbox.read(sandbox.outside + "/secret.txt"), "secret")
        for name in ["", ".", "..", "a/b", "../x"] {
            XCTAssertEqual(root.createFile(named: name.bytes, mode: 0o644).failure, .invalidName, name)
        }
    }

    func testMoveNeverReplacesAnything() throws {
        try sandbox.write(sandbox.root + "/a.txt", "a")
        try sandbox.write(sandbox.root + "/b.txt", "b")
        try sandbox.write(sandbox.root + "/sub/keep", "k")
        try sandbox.link(sandbox.root + "/dangling", to: sandbox.outside + "/nothing")
        let root = try sandbox.opened()
        let sub = try root.openDirectory(beneath: "sub".bytes).get()
        XCTAssertEqual(try root.move(entry: "a.txt".bytes, to: root, as: "b.txt".bytes).get(), false)
        XCTAssertEqual(try root.move(entry: "a.txt".bytes, to: root, as: "dangling".bytes).get(), false)
        XCTAssertEqual(try root.move(entry: "a.txt".bytes, to: sub, as: "keep".bytes).get(), false)
        XCTAssertEqual(try sandbox.read(sandbox.root + "/a.txt"), "a")
        XCTAssertEqual(try sandbox.read(sandbox.root + "/b.txt"), "b")
        XCTAssertEqual(try sandbox.read(sandbox.root + "/sub/keep"), "k")

        XCTAssertEqual(try root.move(entry: "a.txt".bytes, to: root, as: "c.txt".bytes).get(), true)
        XCTAssertEqual(try root.move(entry: "c.txt".bytes, to: sub, as: "moved.txt".bytes).get(), true)
        XCTAssertEqual(try sandbox.read(sandbox.root + "/sub/moved.txt"), "a")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.root + "/a.txt"))
        XCTAssertEqual(root.move(entry: "gone".bytes, to: root, as: "x".bytes).failure, .notFound)
        XCTAssertEqual(root.move(entry: "b.txt".bytes, to: root, as: "x/y".bytes).failure, .invalidName)
        XCTAssertEqual(root.move(entry: "..".bytes, to: root, as: "x".bytes).failure, .invalidName)
    }

    func testLinkAndDirectoriesNeverReplaceAndRemoveTakesOneName() throws {
        try sandbox.write(sandbox.root + "/a.txt", "a")
        try sandbox.write(sandbox.root + "/b.txt", "b")
        let root = try sandbox.opened()
        XCTAssertEqual(try root.link(entry: "a.txt".bytes, to: root, as: "b.txt".bytes).get(), false)
        XCTAssertEqual(try root.link(entry: "a.txt".bytes, to: root, as: "a2.txt".bytes).get(), true)
        XCTAssertEqual(try root.status(ofEntry: "a2.txt".bytes).get().inode, try root.status(ofEntry: "a.txt".bytes).get().inode)
        XCTAssertEqual(try root.makeDirectory(named: "d".bytes, mode: 0o700).get(), true)
        XCTAssertEqual(try root.makeDirectory(named: "d".bytes, mode: 0o700).get(), false)
        XCTAssertEqual(try root.makeDirectory(named: "a.txt".bytes, mode: 0o700).get(), false)
        XCTAssertEqual(try root.status(ofEntry: "d".bytes).get().mode & 0o777, 0o700)
        XCTAssertNoThrow(try root.removeEntry("a2.txt".bytes).get())
        XCTAssertEqual(root.removeEntry("a2.txt".bytes).failure, .notFound)
        XCTAssertEqual(try sandbox.read(sandbox.root + "/a.txt"), "a")
    }
}
