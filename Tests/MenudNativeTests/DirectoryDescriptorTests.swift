import Foundation
import Glibc
import MenudNative
import XCTest

final class DirectoryDescriptorTests: XCTestCase {
    private var sandbox: NativeSandbox!

    override func setUpWithError() throws {
        sandbox = try NativeSandbox()
        try sandbox.write(sandbox.root + "/a/b/c.txt", "inside")
        try sandbox.write(sandbox.outside + "/secret.txt", "secret")
        try sandbox.write(sandbox.outside + "/dir/c.txt", "outside")
        try sandbox.write(sandbox.outside + "/dir/b/c.txt", "outside")
    }

    override func tearDown() {
        sandbox.remove()
    }

    private func failure<T>(_ result: Result<T, PathAccessError>, file: StaticString = #filePath, line: UInt = #line) -> PathAccessError? {
        switch result {
        case .success: XCTFail("expected a refusal", file: file, line: line); return nil
        case .failure(let error): return error
        }
    }

    func testOpensRegularFilesBeneathTheRootBlocking() throws {
        let root = try sandbox.opened()
        let file = try root.openFile(beneath: "a/b/c.txt".bytes).get()
        XCTAssertEqual(try file.read(upTo: 100).get(), "inside".bytes)
        XCTAssertEqual(fcntl(file.number, F_GETFL) & O_NONBLOCK, 0, "the descriptor is set back to blocking")
        XCTAssertEqual(try root.status(beneath: "a/b/c.txt".bytes).get().kind, .file)
        let parent = try root.openParent(of: "a/b/c.txt".bytes).get()
        XCTAssertEqual(parent.name, "c.txt".bytes)
        XCTAssertEqual(try parent.directory.status(ofEntry: parent.name).get().size, 6)
        XCTAssertEqual(try root.openParent(of: "top.txt".bytes).get().name, "top.txt".bytes)
        XCTAssertEqual(try root.openDirectory(beneath: []).get().status().get().inode, try root.status().get().inode)
    }

    func testRefusesASymbolicLinkAtEveryLevel() throws {
        try sandbox.link(sandbox.root + "/file-link.txt", to: sandbox.outside + "/secret.txt")
        try sandbox.link(sandbox.root + "/a/parent-link", to: sandbox.outside + "/dir")
        try sandbox.link(sandbox.root + "/grand-link", to: sandbox.outside + "/dir")
        try sandbox.link(sandbox.root + "/a/b/inner-link.txt", to: "c.txt")  // even one staying inside
        let root = try sandbox.opened()
        for path in ["file-link.txt", "a/parent-link/c.txt", "grand-link/b/c.txt", "a/b/inner-link.txt"] {
            XCTAssertEqual(failure(root.openFile(beneath: path.bytes)), .symbolicLink, path)
            XCTAssertEqual(failure(root.openFile(beneath: path.bytes, writing: true)), .symbolicLink, path)
        }
        for path in ["a/parent-link/c.txt", "grand-link/b/c.txt"] {
            XCTAssertEqual(failure(root.openParent(of: path.bytes)), .symbolicLink, path)
            XCTAssertEqual(failure(root.status(beneath: path.bytes)), .symbolicLink, path)
        }
        XCTAssertEqual(failure(root.openDirectory(beneath: "a/parent-link".bytes)), .symbolicLink)
        XCTAssertEqual(failure(root.openDirectory(beneath: "grand-link/b".bytes)), .symbolicLink)
        // The last name is not followed by a status: it says "a link".
        XCTAssertEqual(try root.status(beneath: "file-link.txt".bytes).get().kind, .symlink)
        XCTAssertEqual(try sandbox.read(sandbox.outside + "/secret.txt"), "secret")
    }

    func testRefusesDotDotAbsolutePathsAndMalformedPaths() throws {
        let root = try sandbox.opened()
        for path in ["..", "../outside/secret.txt", "a/../../outside/secret.txt", "a/../a/b/c.txt",
                     "/etc/hostname", sandbox.root + "/a/b/c.txt"] {
            XCTAssertEqual(failure(root.openFile(beneath: path.bytes)), .outsideRoot, path)
            XCTAssertEqual(failure(root.openParent(of: path.bytes)), .outsideRoot, path)
            XCTAssertEqual(failure(root.openDirectory(beneath: path.bytes)), .outsideRoot, path)
        }
        for path in ["a//b/c.txt", "./a/b/c.txt", "a/b/c.txt/", "a/./b/c.txt", "a/b/c\u{0}.txt"] {
            XCTAssertEqual(failure(root.openFile(beneath: path.bytes)), .invalidName, path)
            XCTAssertEqual(failure(root.openParent(of: path.bytes)), .invalidName, path)
        }
        XCTAssertEqual(failure(root.openParent(of: [])), .invalidName)
        XCTAssertEqual(failure(root.openFile(beneath: "a/b/missing".bytes)), .notFound)
        XCTAssertEqual(failure(root.openFile(beneath: "a/b/c.txt/x".bytes)), .notADirectory)
    }

    func testReportsFoldersFifosAndSocketsWhereAFileIsWantedWithoutBlocking() throws {
        try FileManager.default.createDirectory(atPath: sandbox.root + "/folder", withIntermediateDirectories: false)
        try sandbox.fifo(sandbox.root + "/fifo")
        let socket = try sandbox.socket(sandbox.root + "/socket")
        defer { close(socket) }
        let root = try sandbox.opened()
        XCTAssertEqual(failure(root.openFile(beneath: "folder".bytes)), .wrongKind(.directory))
        XCTAssertEqual(failure(root.openFile(beneath: "folder".bytes, writing: true)), .wrongKind(.directory))
        XCTAssertEqual(failure(root.openFile(beneath: "socket".bytes)), .wrongKind(.other))
        XCTAssertEqual(failure(root.openFile(beneath: "socket".bytes, writing: true)), .wrongKind(.other))
        // A FIFO nobody writes to: a plain open would wait for a writer for ever.
        let fifo = sandbox.root + "/fifo"
        let results = Results()
        XCTAssertFalse(blocked(onFIFO: fifo) {
            results.add(root.openFile(beneath: "fifo".bytes).map { _ in () })
            results.add(root.openFile(beneath: "fifo".bytes, writing: true).map { _ in () })
            results.add(root.openDirectory(beneath: "fifo".bytes).map { _ in () })
            results.add(root.openParent(of: "fifo/x".bytes).map { _ in () })
            results.add(root.status(beneath: "fifo".bytes).map { _ in () })
        }, "opening a FIFO blocked")
        XCTAssertEqual(results.all.map(\.failure), [.wrongKind(.other), .wrongKind(.other), .notADirectory, .notADirectory, nil])
        XCTAssertEqual(try root.status(beneath: "fifo".bytes).get().kind, .other)
    }

    func testAnOpenFileStaysTheFileItWasWhenItsNameChanges() throws {
        let root = try sandbox.opened()
        let file = try root.openFile(beneath: "a/b/c.txt".bytes).get()
        let folder = try root.openDirectory(beneath: "a".bytes).get()
        XCTAssertEqual(rename(sandbox.root + "/a", sandbox.root + "/moved"), 0)
        try sandbox.link(sandbox.root + "/a", to: sandbox.outside + "/dir")
        try sandbox.write(sandbox.root + "/moved/b/c.txt.new", "replacement")
        XCTAssertEqual(rename(sandbox.root + "/moved/b/c.txt.new", sandbox.root + "/moved/b/c.txt"), 0)
        XCTAssertEqual(try file.read(upTo: 100).get(), "inside".bytes)
        // The folder's descriptor still is the folder, now called "moved": never the link.
        XCTAssertEqual(try folder.openFile(beneath: "b/c.txt".bytes).get().read(upTo: 100).get(), "replacement".bytes)
        XCTAssertEqual(failure(root.openFile(beneath: "a/b/c.txt".bytes)), .symbolicLink)
    }

    func testNamesThatAreNotUTF8AreUsedByteForByte() throws {
        let root = try sandbox.opened()
        let bad: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".txt".utf8)
        let twin: [UInt8] = Array("bad".utf8) + [0xEF, 0xBF, 0xBD] + Array(".txt".utf8)
        XCTAssertEqual(String(decoding: bad, as: UTF8.self), String(decoding: twin, as: UTF8.self), "the two names read the same")
        _ = try XCTUnwrap(try root.createFile(named: bad, mode: 0o644).get()).write("bad".bytes)
        _ = try XCTUnwrap(try root.createFile(named: twin, mode: 0o644).get()).write("twin".bytes)
        XCTAssertEqual(try root.openFile(beneath: bad).get().read(upTo: 10).get(), "bad".bytes)
        XCTAssertEqual(try root.openFile(beneath: twin).get().read(upTo: 10).get(), "twin".bytes)
        let names = try root.entries().get().map(\.name)
        XCTAssertTrue(names.contains(bad) && names.contains(twin), "\(names)")
        XCTAssertNotEqual(try root.status(ofEntry: bad).get().inode, try root.status(ofEntry: twin).get().inode)
    }
}

/// Results gathered on another thread.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Void, PathAccessError>] = []

    func add(_ result: Result<Void, PathAccessError>) { lock.withLock { results.append(result) } }
    var all: [Result<Void, PathAccessError>] { lock.withLock { results } }
}

extension Result where Failure == PathAccessError {
    var failure: PathAccessError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
