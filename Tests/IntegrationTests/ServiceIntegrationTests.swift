import Foundation
import XCTest

/// menud under systemd's service protocol, without a service manager: socket activation
/// through `systemd-socket-activate`, `sd_notify` messages caught on a datagram socket,
/// journal priority prefixes, the units' seccomp filters, and install/uninstall.
final class ServiceIntegrationTests: XCTestCase {
    // MARK: Socket activation

    func testSocketActivationStartsMenudOnFirstConnectionWithSystemdsSocket() throws {
        guard let activate = ServiceCommand.find("systemd-socket-activate") else {
            throw XCTSkip("systemd-socket-activate is missing; install the Debian package systemd (make deps does)")
        }
        let base = try ServiceCommand.temporaryFolder(for: self, name: "activate")
        let root = base.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: root.appendingPathComponent("hello.txt"))
        let socketPath = base.appendingPathComponent("menud.sock").path
        let logFile = base.appendingPathComponent("log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)

        let process = try ServiceCommand.start(
            activate,
            ["-l", socketPath, "-E", "XDG_CONFIG_HOME=\(base.path)/config", "-E", "XDG_RUNTIME_DIR=\(base.path)/run",
             DaemonProcess.menudPath, "--root", root.path, "--log-level", "debug"],
            environment: ServiceCommand.cleanEnvironment, logFile: logFile)
        defer { _ = ServiceCommand.stop(process, signal: SIGKILL) }
        let log = { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

        try eventually("systemd-socket-activate listens on \(socketPath)") {
            FileManager.default.fileExists(atPath: socketPath)
        }
        XCTAssertFalse(log().contains("watching"), "menud must not start before the first connection:\n\(log())")

        let client = try ServiceCommand.waitForDaemon(process, socketPath: socketPath, log: log)
        let status = try client.call("daemon.status")
        XCTAssertEqual(status["root"] as? String, root.path)
        XCTAssertEqual(status["pid"] as? Int, Int(process.processIdentifier), "systemd-socket-activate execs menud in its place")
        // The first crawl may still be running when the first answer comes.
        try eventually("hello.txt tracked") { (try? client.file("hello.txt"))?["size"] as? Int == 6 }
        XCTAssertTrue(log().contains("using the socket passed by systemd"), log())
        XCTAssertFalse(log().contains("binding the socket myself"), log())

        XCTAssertEqual(ServiceCommand.stop(process), 0, log())
        XCTAssertTrue(log().contains("stopped"), log())
        var info = stat()
        XCTAssertEqual(lstat(socketPath, &info), 0, "the socket systemd created must survive menud's exit")
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
    }

    func testActivationWithoutAListeningSocketFallsBackToBinding() throws {
        // LISTEN_FDS naming no descriptor of ours (LISTEN_PID is another process): menud binds.
        let base = try ServiceCommand.temporaryFolder(for: self, name: "nofds")
        let root = base.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let socketPath = base.appendingPathComponent("run/menud.sock").path
        let logFile = base.appendingPathComponent("log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        var environment = ServiceCommand.cleanEnvironment
        environment["LISTEN_FDS"] = "1"
        environment["LISTEN_PID"] = "1"
        environment["XDG_CONFIG_HOME"] = base.appendingPathComponent("config").path
        let process = try ServiceCommand.start(DaemonProcess.menudPath, ["--root", root.path, "--socket", socketPath],
                                               environment: environment, logFile: logFile)
        defer { _ = ServiceCommand.stop(process, signal: SIGKILL) }
        let log = { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
        let client = try ServiceCommand.waitForDaemon(process, socketPath: socketPath, log: log)
        XCTAssertEqual(try client.call("daemon.status")["root"] as? String, root.path)
        XCTAssertTrue(log().contains("binding the socket myself"), log())
        XCTAssertEqual(ServiceCommand.stop(process), 0, log())
        XCTAssertFalse(FileManager.default.fileExists(atPath: socketPath), "a socket menud bound itself is removed at exit")
    }

    // MARK: sd_notify

    func testNotifySocketGetsReadyStatusReloadingAndStopping() throws {
        let daemon = try DaemonProcess()
        try daemon.write("a.txt", "a")
        try daemon.write("sub/b.txt", "bb")
        let listener = try ServiceNotifyListener(path: daemon.home.appendingPathComponent("notify.sock").path)
        try daemon.start(config: "{ settle: \"300ms\" }", environment: ["NOTIFY_SOCKET": listener.path])
        let pid = daemon.process.processIdentifier

        let ready = listener.waitFor { ServiceNotifyListener.fields($0)["READY"] == "1" }
        let readyFields = ready.map(ServiceNotifyListener.fields) ?? [:]
        XCTAssertNotNil(ready, "no READY=1; got \(listener.messages)\n\(daemon.log)")
        XCTAssertEqual(readyFields["MAINPID"], String(pid), "READY=1 carries MAINPID: \(ready ?? "")")
        XCTAssertEqual(readyFields["STATUS"].map { $0.contains(daemon.root.path) }, true, "READY=1 carries a STATUS naming the root: \(ready ?? "")")

        let counted = listener.waitFor { message in
            guard let status = ServiceNotifyListener.fields(message)["STATUS"] else { return false }
            return status.contains(daemon.root.path) && status.contains("2 files")
        }
        XCTAssertNotNil(counted, "no STATUS= naming the root and its 2 files; got \(listener.messages)")

        kill(pid, SIGHUP)
        let reloading = listener.waitFor { ServiceNotifyListener.fields($0)["RELOADING"] == "1" }
        XCTAssertNotNil(reloading, "no RELOADING=1 after SIGHUP; got \(listener.messages)\n\(daemon.log)")
        let microseconds = reloading.flatMap { ServiceNotifyListener.fields($0)["MONOTONIC_USEC"] }.flatMap(UInt64.init)
        XCTAssertNotNil(microseconds, "RELOADING=1 carries MONOTONIC_USEC: \(reloading ?? "")")
        let readyAgain = listener.waitFor { ServiceNotifyListener.fields($0)["READY"] == "1" }
        XCTAssertNotNil(readyAgain, "no READY=1 after the reload; got \(listener.messages)\n\(daemon.log)")

        XCTAssertEqual(daemon.stop(), 0, daemon.log)
        let stopping = listener.waitFor { ServiceNotifyListener.fields($0)["STOPPING"] == "1" }
        XCTAssertNotNil(stopping, "no STOPPING=1 on SIGTERM; got \(listener.messages)")
    }

    // MARK: Journal

    func testJournalStreamGetsSyslogPrefixesOnlyWhenItIsStderr() throws {
        let journal = try runToCompletion(journalStream: .matchingStderr)
        let lines = journal.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty, "no log at all")
        for line in lines {
            XCTAssertNotNil(line.range(of: #"^<[0-7]>"#, options: .regularExpression), "a journal line without a priority: \(line)")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("<4>") && $0.contains("accessible to other users") }, journal)
        XCTAssertTrue(lines.contains { $0.hasPrefix("<6>") && $0.contains("watching") }, journal)
        XCTAssertTrue(lines.contains { $0.hasPrefix("<7>") }, journal)

        for variant in [JournalStream.unset, .otherFile] {
            let plain = try runToCompletion(journalStream: variant)
            let plainLines = plain.split(separator: "\n")
            XCTAssertFalse(plainLines.isEmpty)
            for line in plainLines {
                XCTAssertFalse(line.hasPrefix("<"), "\(variant): a priority prefix without the journal: \(line)")
                XCTAssertNotNil(line.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} (DEBUG|INFO|WARNING|ERROR) "#, options: .regularExpression),
                                "\(variant): \(line)")
            }
            XCTAssertTrue(plain.contains("WARNING the socket directory"), plain)
        }
    }

    private enum JournalStream { case matchingStderr, otherFile, unset }

    /// Starts menud with stderr in a file, its socket in a folder others may enter (for a
    /// warning), waits for it to answer and stops it; returns what it logged.
    private func runToCompletion(journalStream: JournalStream) throws -> String {
        let base = try ServiceCommand.temporaryFolder(for: self, name: "journal")
        let root = base.appendingPathComponent("root")
        let open = base.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        chmod(open.path, 0o755)
        let logFile = base.appendingPathComponent("stderr")
        let otherFile = base.appendingPathComponent("other")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        FileManager.default.createFile(atPath: otherFile.path, contents: nil)
        func deviceAndInode(_ url: URL) -> String {
            var info = stat()
            stat(url.path, &info)
            return "\(info.st_dev):\(info.st_ino)"
        }
        var environment = ServiceCommand.cleanEnvironment
        environment["XDG_CONFIG_HOME"] = base.appendingPathComponent("config").path
        switch journalStream {
        case .matchingStderr: environment["JOURNAL_STREAM"] = deviceAndInode(logFile)
        case .otherFile: environment["JOURNAL_STREAM"] = deviceAndInode(otherFile)
        case .unset: break
        }
        let socketPath = open.appendingPathComponent("menud.sock").path
        let process = try ServiceCommand.start(DaemonProcess.menudPath, ["--root", root.path, "--socket", socketPath, "--log-level", "debug"],
                                               environment: environment, logFile: logFile)
        defer { _ = ServiceCommand.stop(process, signal: SIGKILL) }
        let log = { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
        _ = try ServiceCommand.waitForDaemon(process, socketPath: socketPath, log: log)
        XCTAssertEqual(ServiceCommand.stop(process), 0, log())
        return log()
    }

    // MARK: The units' sandbox

    func testMenudRunsUnderTheTightestSyscallFilters() throws {
        guard let python = ServiceCommand.find("python3") else { throw XCTSkip("python3 is missing (make deps installs it)") }
        // The filter works: it refuses an Internet socket and writable executable memory.
        let network = try ServiceCommand.run(python, ServiceSandboxFilter.arguments(
            families: [1], command: [python, "-c", "import socket; socket.socket(socket.AF_UNIX).close(); socket.socket(socket.AF_INET)"]))
        XCTAssertNotEqual(network.status, 0, network.output)
        XCTAssertTrue(network.output.contains("Errno 97"), network.output)
        let jit = try ServiceCommand.run(python, ServiceSandboxFilter.arguments(
            families: [1], command: [python, "-c", "import mmap; mmap.mmap(-1, 4096, prot=mmap.PROT_READ|mmap.PROT_WRITE|mmap.PROT_EXEC)"]))
        XCTAssertNotEqual(jit.status, 0, jit.output)
        XCTAssertTrue(jit.output.contains("Errno 1"), jit.output)

        // menud works under it: AF_UNIX only, no W+X memory, native system calls.
        let daemon = try DaemonProcess()
        try daemon.write("old.txt", "old")
        let base = daemon.home
        let logFile = base.appendingPathComponent("sandboxed.log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let configFile = base.appendingPathComponent("config.json5")
        try Data("{ settle: \"300ms\" }".utf8).write(to: configFile)
        var environment = ServiceCommand.cleanEnvironment
        environment["XDG_CONFIG_HOME"] = base.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = base.appendingPathComponent("data").path
        let process = try ServiceCommand.start(python, ServiceSandboxFilter.arguments(
            families: [1],
            command: [DaemonProcess.menudPath, "--root", daemon.root.path, "--socket", daemon.socketPath, "--config", configFile.path, "--log-level", "debug"]),
            environment: environment, logFile: logFile)
        defer { _ = ServiceCommand.stop(process, signal: SIGKILL) }
        let log = { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }
        let client = try ServiceCommand.waitForDaemon(process, socketPath: daemon.socketPath, log: log)
        XCTAssertEqual(try client.call("subscribe", ["events": ["files"]])["subscribed"] as? [String], ["files"])
        try daemon.write("new.txt", "new")
        _ = try client.notification("files.changed") { params in
            (params["files"] as? [[String: Any]] ?? []).contains { $0["path"] as? String == "new.txt" && $0["state"] as? String == "ready" }
        }
        XCTAssertEqual(try client.list().map { $0["path"] as? String }, ["new.txt", "old.txt"])
        kill(process.processIdentifier, SIGHUP)
        try eventually("the sandboxed daemon reloads its config") { log().contains("reloaded") }
        XCTAssertEqual(try client.call("daemon.status")["settleMs"] as? Int, 300)
        XCTAssertEqual(ServiceCommand.stop(process), 0, log())
        XCTAssertFalse(log().contains("ERROR"), log())
    }
}
