import Foundation
import Glibc
import MenudNative
import XCTest

/// A temporary folder with `root/` (what descriptors resolve beneath) and `outside/` beside it
/// (what no lookup beneath the root may reach), with helpers that make links, FIFOs and sockets.
struct NativeSandbox {
    let base: String
    var root: String { base + "/root" }
    var outside: String { base + "/outside" }

    init() throws {
        base = "/tmp/menud-native-\(UUID().uuidString.prefix(8))"
        for path in [root, outside] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    /// The root, opened.
    func opened() throws -> DirectoryDescriptor { try DirectoryDescriptor.open(path: Array(root.utf8)).get() }

    /// Writes `text` at the absolute `path`, making its folders.
    func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    func fifo(_ path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw SystemError.current("mkfifo") }
    }

    /// A listening Unix socket bound at `path`; close the returned descriptor when done.
    func socket(_ path: String) throws -> Int32 {
        let number = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(number, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard number >= 0, bound == 0 else { throw SystemError.current("bind") }
        return number
    }
}

/// Runs `body` on its own thread and, if it has not returned after a generous while, opens
/// the FIFO at `fifo` for writing so a reader stuck in `open` comes free. `true` when that
/// was needed: the call blocked.
func blocked(onFIFO fifo: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    if done.wait(timeout: .now() + 20) == .success { return false }
    let writer = open(fifo, O_WRONLY | O_NONBLOCK)
    let reader = writer < 0 ? open(fifo, O_RDONLY | O_NONBLOCK) : -1  // frees a writer stuck instead
    _ = done.wait(timeout: .now() + 20)
    if writer >= 0 { close(writer) }
    if reader >= 0 { close(reader) }
    return true
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}
