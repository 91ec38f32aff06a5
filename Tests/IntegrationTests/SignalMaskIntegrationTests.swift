import Foundation
import XCTest

/// A daemon started by a program that blocks its signals (as a Swift concurrency thread does,
/// and exec keeps the mask) still stops on SIGTERM and reloads on SIGHUP.
final class SignalMaskIntegrationTests: XCTestCase {
    func testInheritedBlockedSignalsStillReachTheDaemon() throws {
        let daemon = try DaemonProcess()
        let wrapper = daemon.home.appendingPathComponent("menud-blocked-signals.py")
        try """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
            os.execv('\(DaemonProcess.menudPath)', ['menud'] + sys.argv[1:])
            """.write(to: wrapper, atomically: true, encoding: .utf8)
        let launcher = daemon.home.appendingPathComponent("menud-blocked-signals")
        try "#!/bin/sh\nexec /usr/bin/python3 '\(wrapper.path)' \"$@\"\n".write(to: launcher, atomically: true, encoding: .utf8)
        chmod(launcher.path, 0o755)
        try daemon.start(binary: launcher.path)

        kill(daemon.process.processIdentifier, SIGHUP)
        let reloaded = Date().addingTimeInterval(10)
        while Date() < reloaded, !daemon.log.contains("reload") { usleep(50_000) }
        XCTAssertTrue(daemon.log.contains("reload"), "SIGHUP was not seen:\n\(daemon.log)")
        XCTAssertEqual(daemon.stop(signal: SIGTERM), 0, "SIGTERM did not stop the daemon:\n\(daemon.log)")
    }
}
