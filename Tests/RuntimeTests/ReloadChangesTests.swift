@testable import MenudRuntime
import XCTest

/// What the SIGHUP log line says changed: every setting a reload applies, so "(no changes)"
/// means none.
final class ReloadChangesTests: XCTestCase {
    func testTimeoutsAndLimitsAreNamed() throws {
        let before = try TestSettings.make()
        let after = try TestSettings.make {
            $0.actionTimeoutMs = 60_000
            $0.menuBuildTimeoutMs = 250
            $0.maxRunningActions = 4
        }
        XCTAssertEqual(before.describeChanges(to: after), ["menuBuildTimeout 250 ms", "actionTimeout 1 min", "maxRunningActions 4"])
        XCTAssertEqual(before.describeChanges(to: try TestSettings.make()), [])
    }

    func testCommandsPluginSettingsAndPluginPathsAreNamed() throws {
        let before = try TestSettings.make()
        let after = try TestSettings.make {
            $0.commands = [.object(["title": .string("Play")])]
            $0.pluginPaths = ["/opt/plugins"]
        }
        XCTAssertEqual(before.describeChanges(to: after), ["commands", "pluginPaths"])
    }
}
