import Foundation
import XCTest

/// A plugin author's three commands: `menuctl plugin new`, `swift build -c release`,
/// `menuctl plugin install`, against a running daemon.
final class MenuctlPluginIntegrationTests: XCTestCase {
    func testTheGeneratedPackageBuildsPassesItsTestAndRunsInARunningDaemon() throws {
        let daemon = try DaemonProcess()
        try daemon.writeReady("notes.txt", "x")
        try daemon.start()
        let environment = ["XDG_DATA_HOME": daemon.home.appendingPathComponent("data").path]
        let package = daemon.home.appendingPathComponent("Greeter")

        let created = try MenuctlProcess.run(["plugin", "new", "Greeter", package.path], socketPath: daemon.socketPath)
        XCTAssertEqual(created.exitCode, 0, created.stderr)
        let source = try String(contentsOf: package.appendingPathComponent("Sources/Greeter/Greeter.swift"), encoding: .utf8)
        XCTAssertLessThan(source.split(separator: "\n", omittingEmptySubsequences: false).count, 30, "the plugin is one short file")

        let (built, buildOutput) = try PluginModuleBuilder.run(["swift", "build", "-c", "release"], in: package)
        XCTAssertEqual(built, 0, buildOutput)
        // The generated test needs no testable build, so it reuses the release build.
        let (tested, testOutput) = try PluginModuleBuilder.run(["swift", "test", "-c", "release", "--disable-testable-imports"], in: package)
        XCTAssertEqual(tested, 0, testOutput)
        XCTAssertTrue(testOutput.contains("testOneFileGetsSayHello"), testOutput)

        let module = package.appendingPathComponent(".build/release/libGreeter.so").path
        let installed = try MenuctlProcess.run(["plugin", "install", module], socketPath: daemon.socketPath, environment: environment)
        XCTAssertEqual(installed.exitCode, 0, installed.stderr + daemon.log)
        XCTAssertTrue(installed.stdout.contains("the daemon loaded plugin greeter"), installed.stdout)
        let listed = try MenuctlProcess.run(["plugin", "list"], socketPath: daemon.socketPath)
        XCTAssertTrue(listed.stdout.contains("greeter 0.1.0  1 actions  \(daemon.home.path)/data/menud/plugins/libGreeter.so"), listed.stdout)

        let picked = try MenuctlProcess.run(["menu", "notes.txt", "--pick", "Say hello"], socketPath: daemon.socketPath)
        XCTAssertEqual(picked.exitCode, 0, picked.stderr)
        XCTAssertEqual(picked.stdout, "Hello, notes.txt!\n")
    }

    func testInstallRefusesAFileThatIsNotAPluginModule() throws {
        let daemon = try DaemonProcess()
        let file = daemon.home.appendingPathComponent("notes.so")
        try Data("text\n".utf8).write(to: file)
        let result = try MenuctlProcess.run(["plugin", "install", file.path], socketPath: daemon.socketPath,
                                            environment: ["XDG_DATA_HOME": daemon.home.appendingPathComponent("data").path])
        XCTAssertNotEqual(result.exitCode, 0)
        XCTAssertTrue(result.stderr.contains("is not a shared library (no ELF header)"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: daemon.home.appendingPathComponent("data/menud/plugins/notes.so").path))
    }
}
