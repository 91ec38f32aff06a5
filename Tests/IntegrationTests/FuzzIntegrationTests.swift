import Foundation
import Synchronization
import XCTest

/// Hostile input over real sockets: mutated frames (see `FuzzFrameGenerator`) pipelined to the
/// real daemon over a few connections. The daemon must stay up, answer every frame that needs
/// an answer exactly once (each frame is followed by a sentinel request, so the answers of each
/// frame are known exactly), send nothing for the frames that need none, and keep its memory
/// flat. `MENUD_FUZZ_FRAMES` sets the number of frames (default 100,000; `make fuzz` sends a
/// million), `MENUD_FUZZ_SEED` repeats a run.
final class FuzzIntegrationTests: XCTestCase {
    static let connections = 4
    static let window = 32

    func testMutatedFramesAreAnsweredExactlyOnceAndMemoryStaysFlat() throws {
        let environment = ProcessInfo.processInfo.environment
        let frames = environment["MENUD_FUZZ_FRAMES"].flatMap(Int.init) ?? 100_000
        let seed = environment["MENUD_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("fuzz: \(frames) frames over \(Self.connections) connections, seed \(seed) (MENUD_FUZZ_SEED=\(seed) repeats this run)")

        let daemon = try DaemonProcess()
        let paths = ["a.txt", "b.txt", "dir/c.txt", "space name.txt", "日本.txt", "deep/er/still/d.bin"]
        for path in paths { try daemon.write(path, "content of \(path)") }
        try daemon.start()
        let pid = daemon.process.processIdentifier

        // A tenth of the frames first, so the allocator and the daemon's tables reach their
        // working size; memory is then compared between the end of that and the end of the rest.
        let warmUp = max(Self.connections, frames / 10)
        let startRSS = try LoadProcessMemory.residentMegabytes(pid)
        var total = try fuzz(daemon, frames: warmUp, seed: seed, paths: paths)
        let warmRSS = try LoadProcessMemory.residentMegabytes(pid)
        total.merge(try fuzz(daemon, frames: frames - warmUp, seed: seed &+ 7919, paths: paths))
        let endRSS = try LoadProcessMemory.residentMegabytes(pid)
        print("fuzz: \(total.summary)")
        print(String(format: "fuzz: daemon RSS %.1f MB at start, %.1f MB after the warm-up, %.1f MB at the end", startRSS, warmRSS, endRSS))

        XCTAssertTrue(daemon.process.isRunning, "the daemon died:\n\(daemon.log.suffix(3000))")
        XCTAssertEqual(total.failures, [], "seed \(seed)")
        if !total.failures.isEmpty {
            print("fuzz: the daemon's log ends with:\n" + daemon.log.split(separator: "\n").filter { !$0.contains(" DEBUG ") }.suffix(40).joined(separator: "\n"))
        }
        XCTAssertEqual(total.frames, frames)
        XCTAssertGreaterThan(total.framesNeedingAnswer, frames / 5)
        XCTAssertEqual(total.answersWithTheirId, total.framesNeedingAnswer, "every frame with an id gets exactly one answer")
        let accounted = total.framesNeedingAnswer + total.nullErrors + total.silentFrames + total.batchAnswers
            + total.damagedAnswered + total.damagedSilent
        XCTAssertEqual(accounted, frames, "every frame is accounted for: answered, null-id error, silent, batch, or damaged")
        XCTAssertEqual(total.codes[-32603] ?? 0, 0, "no internal errors")
        LoadProcessMemory.assertFlat(pid: pid, before: warmRSS, after: endRSS, allowed: 20, "fuzz")

        // Still serving, and nothing left over from the fuzz connections.
        let rpc = try daemon.client()
        let status = try rpc.call("daemon.status")
        XCTAssertEqual((status["files"] as? [String: Any])?["total"] as? Int, paths.count)
        XCTAssertFalse(daemon.log.contains("failed unexpectedly"), "the log reports an unexpected failure")
    }

    /// Runs `frames` frames over fresh connections, in parallel; returns the summed tally.
    private func fuzz(_ daemon: DaemonProcess, frames: Int, seed: UInt64, paths: [String]) throws -> FuzzTally {
        let count = Self.connections
        let window = Self.window
        let socketPath = daemon.socketPath
        let tallies = Mutex<[FuzzTally]>([])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            var tally = FuzzTally()
            do {
                let run = try FuzzConnectionRun(socketPath: socketPath, seed: seed, connection: index,
                                                frames: frames / count + (index < frames % count ? 1 : 0), window: window, paths: paths)
                run.run()
                run.close()
                tally = run.tally
            } catch {
                tally.fail("connection \(index) could not start: \(error)")
            }
            tallies.withLock { $0.append(tally) }
        }
        return tallies.withLock { all in
            var total = FuzzTally()
            for tally in all { total.merge(tally) }
            return total
        }
    }
}
