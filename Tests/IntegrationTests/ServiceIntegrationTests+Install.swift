import Foundation
import XCTest

/// `scripts/install.sh` and `scripts/uninstall.sh` (what `make install` / `make uninstall`
/// run) into temporary folders: PREFIX, SYSTEMD_USER_DIR, XDG_CONFIG_HOME and HOME.
extension ServiceIntegrationTests {
    private struct InstallPlace {
        let prefix: URL
        let units: URL
        let configHome: URL
        let environment: [String: String]
        var config: URL { configHome.appendingPathComponent("menud/config.json5") }
        var menud: URL { prefix.appendingPathComponent("bin/menud") }
        var menuctl: URL { prefix.appendingPathComponent("bin/menuctl") }
        var service: URL { units.appendingPathComponent("menud.service") }
        var socket: URL { units.appendingPathComponent("menud.socket") }
    }

    private func makeInstallPlace(useHome: Bool = false) throws -> InstallPlace {
        let base = try ServiceCommand.temporaryFolder(for: self, name: "install")
        // A blank in the prefix: ExecStart must quote it.
        let prefix = base.appendingPathComponent("my prefix")
        let home = base.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ServiceCommand.cleanEnvironment
        environment["HOME"] = home.path
        let configHome: URL
        if useHome {
            environment["XDG_CONFIG_HOME"] = nil
            configHome = home.appendingPathComponent(".config")
        } else {
            configHome = base.appendingPathComponent("xdg-config")
            environment["XDG_CONFIG_HOME"] = configHome.path
        }
        let units = base.appendingPathComponent("units")
        environment["SYSTEMD_USER_DIR"] = units.path
        return InstallPlace(prefix: prefix, units: units, configHome: configHome, environment: environment)
    }

    private func script(_ name: String) -> String {
        ServiceCommand.repositoryRoot.appendingPathComponent("scripts/\(name)").path
    }

    private func install(_ place: InstallPlace, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try ServiceCommand.run(script("install.sh"), [place.prefix.path, DaemonProcess.binaryDirectory.path],
                                            environment: place.environment)
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        return result.output
    }

    private func uninstall(_ place: InstallPlace, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try ServiceCommand.run(script("uninstall.sh"), [place.prefix.path], environment: place.environment)
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        return result.output
    }

    func testInstallPutsProgramsUnitsAndConfigInPlace() throws {
        let place = try makeInstallPlace()
        let output = try install(place)
        let files = FileManager.default
        XCTAssertTrue(files.isExecutableFile(atPath: place.menud.path), output)
        XCTAssertTrue(files.isExecutableFile(atPath: place.menuctl.path), output)
        let version = try ServiceCommand.run(place.menud.path, ["--version"])
        XCTAssertEqual(version.output.trimmingCharacters(in: .whitespacesAndNewlines), "menud 0.1.0")

        let shipped = try Data(contentsOf: ServiceCommand.repositoryRoot.appendingPathComponent("config/menud.json5"))
        XCTAssertEqual(try Data(contentsOf: place.config), shipped, "the default config is installed")
        XCTAssertEqual(try Data(contentsOf: place.prefix.appendingPathComponent("share/menud/menud.json5")), shipped)
        for page in ["index.html", "app.js", "menu-layout.js", "icons/trash.svg"] {
            let source = ServiceCommand.repositoryRoot.appendingPathComponent("clients/web/\(page)")
            XCTAssertEqual(try Data(contentsOf: place.prefix.appendingPathComponent("share/menud/web/\(page)")), try Data(contentsOf: source), "the web page's \(page) is installed")
        }

        let service = try String(contentsOf: place.service, encoding: .utf8)
        let socket = try String(contentsOf: place.socket, encoding: .utf8)
        XCTAssertTrue(service.contains("\nExecStart=\"\(place.menud.path)\"\n"), service)
        XCTAssertFalse(service.contains("@") || socket.contains("@"), "a placeholder was left:\n\(service)\n\(socket)")
        XCTAssertTrue(service.contains("\nType=notify\n"), service)
        XCTAssertTrue(service.contains("\nExecReload=/bin/kill -HUP $MAINPID\n"), service)
        XCTAssertTrue(service.contains("\nWorkingDirectory=%h\n"), service)
        XCTAssertTrue(service.contains("\nRestart=on-failure\n"), service)
        XCTAssertTrue(socket.contains("\nListenStream=%t/menud/menud.sock\n"), socket)
        XCTAssertTrue(socket.contains("\nSocketMode=0600\n"), socket)
        XCTAssertTrue(socket.contains("\nDirectoryMode=0700\n"), socket)
        let documentation = "Documentation=file://\(place.prefix.path.replacingOccurrences(of: " ", with: "%%20"))/share/doc/menud/service.md"
        XCTAssertTrue(service.contains(documentation) && socket.contains(documentation), "\(documentation)\n\(service)")
        XCTAssertTrue(output.contains("systemctl --user daemon-reload && systemctl --user enable --now menud.socket"), output)

        if let analyze = ServiceCommand.find("systemd-analyze") {
            // systemd's own parser: every key known, ExecStart executable, socket and service paired.
            var environment = place.environment
            environment["XDG_RUNTIME_DIR"] = place.units.deletingLastPathComponent().path
            let verify = try ServiceCommand.run(analyze, ["--user", "verify", place.service.path, place.socket.path], environment: environment)
            XCTAssertEqual(verify.status, 0, verify.output)
            XCTAssertEqual(verify.output, "", "systemd-analyze verify complains:\n\(verify.output)")
        }

        // Again: the same result, the config left alone.
        let again = try install(place)
        XCTAssertTrue(again.contains("kept \(place.config.path)"), again)
        XCTAssertEqual(try String(contentsOf: place.service, encoding: .utf8), service)
    }

    func testTheInstalledDaemonServesTheInstalledPage() throws {
        let place = try makeInstallPlace()
        _ = try install(place)
        let daemon = try DaemonProcess()
        try daemon.start(extra: ["--web", "127.0.0.1:0"], environment: ["XDG_RUNTIME_DIR": daemon.home.path], binary: place.menud.path)
        let web = try daemon.client().call("daemon.status")["web"] as? [String: Any]
        XCTAssertEqual((web?["listen"] as? String)?.hasPrefix("127.0.0.1:"), true, "\(String(describing: web))")
        let installed = place.prefix.appendingPathComponent("share/menud/web").path
        XCTAssertTrue(daemon.log.contains("serving the web page from \(installed) on http://127.0.0.1:"), daemon.log)
    }

    func testUninstallRemovesWhatInstallPutAndKeepsAChangedConfig() throws {
        let place = try makeInstallPlace()
        _ = try install(place)
        // Enabled, as `systemctl --user enable menud.socket` leaves it.
        let wants = place.units.appendingPathComponent("sockets.target.wants")
        try FileManager.default.createDirectory(at: wants, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: wants.appendingPathComponent("menud.socket").path, withDestinationPath: place.socket.path)
        var config = try String(contentsOf: place.config, encoding: .utf8)
        config = config.replacingOccurrences(of: "root: null", with: "root: \"~/Downloads\"")
        try config.write(to: place.config, atomically: true, encoding: .utf8)

        let output = try uninstall(place)
        let files = FileManager.default
        for gone in [place.menud, place.menuctl, place.service, place.socket, wants.appendingPathComponent("menud.socket"),
                     place.prefix.appendingPathComponent("share/menud")] {
            XCTAssertFalse(files.fileExists(atPath: gone.path), "\(gone.path) is still there:\n\(output)")
        }
        XCTAssertEqual(try String(contentsOf: place.config, encoding: .utf8), config, "a changed config is kept")
        XCTAssertTrue(output.contains("kept \(place.config.path)"), output)

        // Again: nothing left to remove, and it says so.
        let again = try uninstall(place)
        XCTAssertTrue(again.contains("nothing of menud's was installed"), again)
        XCTAssertTrue(files.fileExists(atPath: place.config.path))
    }

    func testUninstallRemovesAnUnchangedConfigButNotAnotherPrefixsUnits() throws {
        let place = try makeInstallPlace(useHome: true)
        _ = try install(place)
        XCTAssertTrue(FileManager.default.fileExists(atPath: place.config.path), "HOME/.config is used without XDG_CONFIG_HOME")

        let other = InstallPlace(prefix: place.prefix.deletingLastPathComponent().appendingPathComponent("other"), units: place.units,
                                 configHome: place.configHome, environment: place.environment)
        let refused = try uninstall(other)
        XCTAssertTrue(FileManager.default.fileExists(atPath: place.service.path), "another PREFIX's unit is kept:\n\(refused)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: place.config.path), "the config stays while its install does:\n\(refused)")
        XCTAssertTrue(refused.contains("kept \(place.service.path)"), refused)

        let output = try uninstall(place)
        XCTAssertFalse(FileManager.default.fileExists(atPath: place.config.path), "the untouched default config is removed:\n\(output)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: place.config.deletingLastPathComponent().path), "its empty folder too")
        XCTAssertFalse(FileManager.default.fileExists(atPath: place.service.path), output)
    }

    func testInstallRefusesAPrefixSystemdCannotRun() throws {
        let place = try makeInstallPlace()
        let quoted = place.prefix.deletingLastPathComponent().appendingPathComponent("it's")
        let result = try ServiceCommand.run(script("install.sh"), [quoted.path, DaemonProcess.binaryDirectory.path], environment: place.environment)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.output.contains("Choose another PREFIX"), result.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: quoted.path), "nothing is installed")
    }
}
