import Foundation
import XCTest

/// Directory trees moved into the root and out again: every watch the daemon added for them
/// goes with them, and `daemon.status` counts the watches the kernel really holds.
final class WatchLeakIntegrationTests: XCTestCase {
    static let trees = 40

    /// The inotify watches the kernel holds for `pid`: the `inotify wd:` lines of the fdinfo of
    /// its inotify descriptor.
    static func kernelWatchCount(pid: Int32) throws -> Int {
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        for fd in fds {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"),
                  target == "anon_inode:inotify" else { continue }
            let info = try String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)
            return info.split(separator: "\n").filter { $0.hasPrefix("inotify wd:") }.count
        }
        throw DaemonTestError("no inotify descriptor in /proc/\(pid)/fd")
    }

    /// `count` trees `t<i>/a/b` with a file at each level, built outside the root.
    private func buildTrees(in base: URL, prefix: String, count: Int) throws {
        for index in 0..<count {
            let tree = base.appendingPathComponent("\(prefix)\(index)")
            let deepest = tree.appendingPathComponent("a/b")
            try FileManager.default.createDirectory(at: deepest, withIntermediateDirectories: true)
            for (level, directory) in [tree, tree.appendingPathComponent("a"), deepest].enumerated() {
                try Data("level \(level)".utf8).write(to: directory.appendingPathComponent("f\(level).txt"))
            }
        }
    }

    func testTreesMovedInAndOutLeaveOnlyTheRootWatched() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        let pid = daemon.process.processIdentifier
        let rpc = try daemon.client()
        let outside = daemon.home.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        XCTAssertEqual(try Self.kernelWatchCount(pid: pid), 1)

        // In, crawled, out.
        try buildTrees(in: outside, prefix: "t", count: Self.trees)
        for index in 0..<Self.trees {
            try FileManager.default.moveItem(at: outside.appendingPathComponent("t\(index)"), to: daemon.path("t\(index)"))
        }
        try eventually("every moved-in file is tracked", timeout: 30) { try rpc.list().count == 3 * Self.trees }
        try eventually("every moved-in directory is watched", timeout: 30) {
            try rpc.call("daemon.status")["watchedDirectories"] as? Int == 1 + 3 * Self.trees
        }
        XCTAssertEqual(try Self.kernelWatchCount(pid: pid), 1 + 3 * Self.trees)
        for index in 0..<Self.trees {
            try FileManager.default.moveItem(at: daemon.path("t\(index)"), to: outside.appendingPathComponent("t\(index)"))
        }
        try eventually("the moved-out files are gone", timeout: 30) { try rpc.list().isEmpty }
        try eventually("the daemon counts one watch", timeout: 30) { try rpc.call("daemon.status")["watchedDirectories"] as? Int == 1 }
        try eventually("the kernel holds one watch", timeout: 30) { try Self.kernelWatchCount(pid: pid) == 1 }

        // In and straight out again, racing the crawler.
        try buildTrees(in: outside, prefix: "r", count: Self.trees)
        for index in 0..<Self.trees {
            try FileManager.default.moveItem(at: outside.appendingPathComponent("r\(index)"), to: daemon.path("r\(index)"))
            try FileManager.default.moveItem(at: daemon.path("r\(index)"), to: outside.appendingPathComponent("r\(index)-out"))
        }
        try eventually("the crawls are done", timeout: 30) { try rpc.call("daemon.status")["crawling"] as? Bool == false }
        try eventually("the daemon counts one watch after the race", timeout: 30) {
            try rpc.call("daemon.status")["watchedDirectories"] as? Int == 1
        }
        try eventually("the kernel holds one watch after the race", timeout: 30) { try Self.kernelWatchCount(pid: pid) == 1 }
        XCTAssertEqual(try rpc.list().count, 0, "nothing of the trees that left is listed")

        // Files written in the trees now outside reach the daemon by no watch.
        for index in 0..<Self.trees {
            try Data("late".utf8).write(to: outside.appendingPathComponent("t\(index)/a/late.txt"))
            try Data("late".utf8).write(to: outside.appendingPathComponent("r\(index)-out/a/late.txt"))
        }
        try daemon.write("here.txt", "here")
        try eventually("a file written in the root is seen") { (try? rpc.file("here.txt")) != nil }
        XCTAssertEqual(try rpc.list().compactMap { $0["path"] as? String }, ["here.txt"])
        XCTAssertEqual(try Self.kernelWatchCount(pid: pid), 1)
        XCTAssertEqual(try rpc.call("daemon.status")["watchedDirectories"] as? Int, 1)
    }

    /// Wide trees moved out while the crawler is still walking them: the watches it added
    /// before the move reach the loop after the move was seen.
    func testTreesMovedOutMidCrawlLeaveOnlyTheRootWatched() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        let pid = daemon.process.processIdentifier
        let rpc = try daemon.client()
        let outside = daemon.home.appendingPathComponent("outside")
        for index in 0..<12 {
            for child in 0..<300 {
                try FileManager.default.createDirectory(at: outside.appendingPathComponent("w\(index)/c\(child)/d"), withIntermediateDirectories: true)
            }
        }
        for index in 0..<12 {
            try FileManager.default.moveItem(at: outside.appendingPathComponent("w\(index)"), to: daemon.path("w\(index)"))
            usleep(useconds_t(500 * index))
            try FileManager.default.moveItem(at: daemon.path("w\(index)"), to: outside.appendingPathComponent("w\(index)-out"))
        }
        try eventually("the crawls are done", timeout: 60) { try rpc.call("daemon.status")["crawling"] as? Bool == false }
        try eventually("the daemon counts one watch", timeout: 30) { try rpc.call("daemon.status")["watchedDirectories"] as? Int == 1 }
        try eventually("the kernel holds one watch", timeout: 30) { try Self.kernelWatchCount(pid: pid) == 1 }
    }

    func testDeletedTreesLeaveOnlyTheRootWatched() throws {
        let daemon = try DaemonProcess()
        try daemon.start()
        let pid = daemon.process.processIdentifier
        let rpc = try daemon.client()
        try buildTrees(in: daemon.root, prefix: "d", count: 10)
        try eventually("the new trees are tracked", timeout: 30) { try rpc.list().count == 30 }
        for index in 0..<10 { try FileManager.default.removeItem(at: daemon.path("d\(index)")) }
        try eventually("the deleted files are gone", timeout: 30) { try rpc.list().isEmpty }
        try eventually("the daemon counts one watch", timeout: 30) { try rpc.call("daemon.status")["watchedDirectories"] as? Int == 1 }
        XCTAssertEqual(try Self.kernelWatchCount(pid: pid), 1)
    }
}
