@testable import MenudRuntime
import XCTest

/// Start in order, stop in reverse (each after the later one is done), undo a failed start.
final class ServiceGroupTests: XCTestCase {
    private final class Recorder: DaemonService {
        let name: String
        let journal: Journal
        var fails = false
        var pendingDone: (() -> Void)?
        var holdShutdown = false
        init(_ name: String, _ journal: Journal) {
            self.name = name
            self.journal = journal
        }
        func start() throws {
            journal.lines.append("start \(name)")
            if fails { throw StartupError("\(name) cannot start") }
        }
        func allStarted() { journal.lines.append("running \(name)") }
        func reload(_ configuration: DaemonConfiguration) { journal.lines.append("reload \(name)") }
        func shutdown(graceMs: UInt64, done: @escaping () -> Void) {
            journal.lines.append("stop \(name) \(graceMs)")
            if holdShutdown { pendingDone = done } else { done() }
        }
    }

    private final class Journal { var lines: [String] = [] }

    private let log = Logger(level: .error, journal: false)

    func testStartsInOrderAndStopsInReverseWaitingForEach() {
        let journal = Journal()
        let services = ["a", "b", "c"].map { Recorder($0, journal) }
        services[1].holdShutdown = true
        let group = ServiceGroup(services, log: log)
        XCTAssertNoThrow(try group.start())
        group.announceStarted()
        var stopped = false
        group.shutdown(graceMs: 5000) { stopped = true }
        group.shutdown(graceMs: 5000) { XCTFail("a second shutdown is ignored") }
        XCTAssertEqual(journal.lines, ["start a", "start b", "start c", "running a", "running b", "running c", "stop c 5000", "stop b 5000"])
        XCTAssertFalse(stopped, "a waits until b is done")
        services[1].pendingDone?()
        XCTAssertEqual(journal.lines.last, "stop a 5000")
        XCTAssertTrue(stopped)
    }

    func testAFailedStartUndoesWhatStartedIncludingTheFailedOne() {
        let journal = Journal()
        let services = ["a", "b", "c"].map { Recorder($0, journal) }
        services[1].fails = true
        let group = ServiceGroup(services, log: log)
        XCTAssertThrowsError(try group.start())
        group.abandonStart()
        XCTAssertEqual(journal.lines, ["start a", "start b", "stop b 0", "stop a 0"])
    }
}
