import Foundation
import XCTest

/// Plugin modules built apart from the daemon, loaded from the plugin folder at start and on
/// SIGHUP, and the ones it refuses, each with its message.
final class PluginModuleIntegrationTests: XCTestCase {
    private func pluginFolder(_ daemon: DaemonProcess) throws -> URL {
        let folder = daemon.home.appendingPathComponent("data/menud/plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        chmod(daemon.home.appendingPathComponent("data/menud").path, 0o755)
        return folder
    }

    /// Copies `module` to `folder/name` the way an installer does: a temporary file, then a rename.
    private func install(_ module: URL, in folder: URL, as name: String, mode: mode_t = 0o755) throws {
        let temporary = folder.appendingPathComponent(".\(name).tmp")
        try? FileManager.default.removeItem(at: temporary)
        try FileManager.default.copyItem(at: module, to: temporary)
        chmod(temporary.path, mode)
        XCTAssertEqual(rename(temporary.path, folder.appendingPathComponent(name).path), 0)
    }

    private func plugins(_ status: [String: Any]) -> [String: [String: Any]] {
        let entries = status["plugins"] as? [[String: Any]] ?? []
        return Dictionary(entries.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// File name -> reason, for each refused module.
    private func refusals(_ status: [String: Any]) -> [String: String] {
        var refused: [String: String] = [:]
        for entry in status["refusedPlugins"] as? [[String: Any]] ?? [] {
            refused[((entry["file"] as? String ?? "") as NSString).lastPathComponent] = entry["reason"] as? String ?? ""
        }
        return refused
    }

    func testAModuleBuiltInItsOwnPackageRunsItsActionWithProgress() throws {
        let module = try PluginModuleBuilder.helloModule()
        let daemon = try DaemonProcess()
        try install(module, in: try pluginFolder(daemon), as: "hello.so")
        try daemon.writeReady("notes.txt", "x")
        try daemon.start()
        let rpc = try daemon.client()
        let hello = try XCTUnwrap(plugins(try rpc.call("daemon.status"))["hello"], daemon.log)
        XCTAssertEqual(hello["builtIn"] as? Bool, false)
        XCTAssertEqual(hello["file"] as? String, daemon.home.appendingPathComponent("data/menud/plugins/hello.so").path)
        XCTAssertEqual(hello["actions"] as? Int, 1)

        let result = try rpc.pick(["path": "notes.txt"], "Greet")
        XCTAssertEqual((result["outcome"] as? [String: Any])?["message"] as? String, "Hello, notes.txt!", "\(result)")
        let progress = rpc.notifications.filter { $0["method"] as? String == "action.progress" }
        let messages = progress.compactMap { ($0["params"] as? [String: Any])?["message"] as? String }
        XCTAssertEqual(messages, ["greeting notes.txt"])
    }

    func testRefusedModulesAreNamedWithWhyAndTheDaemonGoesOn() throws {
        let module = try PluginModuleBuilder.helloModule()
        let daemon = try DaemonProcess()
        let folder = try pluginFolder(daemon)
        try install(module, in: folder, as: "a-hello.so")
        try install(module, in: folder, as: "b-second-hello.so")
        try install(module, in: folder, as: "c-group-writable.so", mode: 0o775)
        try install(module, in: folder, as: "d-world-writable.so", mode: 0o757)
        try PluginModuleBuilder.compile(PluginModuleBuilder.taggedSource(name: "other", toolchain: "Swift 5.9"),
                                        to: folder.appendingPathComponent("e-old-toolchain.so"))
        try PluginModuleBuilder.compile(PluginModuleBuilder.taggedSource(name: "future", entryPoint: "menud_plugin_v2", apiVersion: 2, toolchain: "Swift 6.3"),
                                        to: folder.appendingPathComponent("f-api-2.so"))
        try Data("not a module\n".utf8).write(to: folder.appendingPathComponent("g-text.so"))
        try daemon.start()
        let status = try daemon.client().call("daemon.status")
        XCTAssertNotNil(plugins(status)["hello"], "the first hello loads")
        XCTAssertNil(plugins(status)["other"])
        XCTAssertNil(plugins(status)["future"])
        let refused = refusals(status)
        XCTAssertEqual(Set(refused.keys), ["b-second-hello.so", "c-group-writable.so", "d-world-writable.so", "e-old-toolchain.so", "f-api-2.so", "g-text.so"], "\(refused)")
        XCTAssertTrue(refused["b-second-hello.so"]?.contains("its plugin name \"hello\" is taken by \(folder.path)/a-hello.so") == true, "\(refused)")
        XCTAssertTrue(refused["c-group-writable.so"]?.contains("can be written by its group (mode 775)") == true, "\(refused)")
        XCTAssertTrue(refused["d-world-writable.so"]?.contains("can be written by anyone (mode 757)") == true, "\(refused)")
        XCTAssertTrue(refused["e-old-toolchain.so"]?.contains("is built with Swift 5.9, this daemon with Swift ") == true, "\(refused)")
        XCTAssertTrue(refused["f-api-2.so"]?.contains("is built for plugin API version 2, this daemon has version 1") == true, "\(refused)")
        XCTAssertTrue(refused["g-text.so"]?.contains("could not be loaded:") == true, "\(refused)")
        for name in refused.keys {
            XCTAssertTrue(daemon.log.contains("plugin module refused: \(folder.path)/\(name)"), "the log names \(name):\n\(daemon.log)")
        }
    }

    func testAFolderOthersCanWriteToIsRefused() throws {
        let module = try PluginModuleBuilder.helloModule()
        let daemon = try DaemonProcess()
        let folder = try pluginFolder(daemon)
        try install(module, in: folder, as: "hello.so")
        chmod(folder.path, 0o777)
        try daemon.start()
        let refused = refusals(try daemon.client().call("daemon.status"))
        XCTAssertTrue(refused["hello.so"]?.contains("the folder \(folder.path) can be written by anyone") == true, "\(refused)")
    }

    func testSIGHUPLoadsAnAddedModuleDropsARemovedOneAndReportsAReplacedOne() throws {
        let module = try PluginModuleBuilder.helloModule()
        let daemon = try DaemonProcess()
        let folder = try pluginFolder(daemon)
        try daemon.writeReady("notes.txt", "x")
        try daemon.start()
        let rpc = try daemon.client()
        XCTAssertNil(plugins(try rpc.call("daemon.status"))["hello"])

        try install(module, in: folder, as: "hello.so")
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the added module is loaded") { plugins(try rpc.call("daemon.status"))["hello"] != nil }
        XCTAssertTrue(daemon.log.contains("plugin hello added"), daemon.log)
        XCTAssertEqual((try rpc.pick(["path": "notes.txt"], "Greet")["outcome"] as? [String: Any])?["message"] as? String, "Hello, notes.txt!")

        try install(module, in: folder, as: "hello.so")
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the replaced module is reported") {
            (plugins(try rpc.call("daemon.status"))["hello"]?["notice"] as? String)?.contains("restart menud to load the new one") == true
        }
        XCTAssertTrue(daemon.log.contains("plugin hello: \(folder.path)/hello.so was replaced"), daemon.log)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("hello.so"))
        kill(daemon.process.processIdentifier, SIGHUP)
        try eventually("the removed module is gone") { plugins(try rpc.call("daemon.status"))["hello"] == nil }
        let menu = try rpc.call("menu.open", ["target": ["path": "notes.txt"]])
        let titles = RPCClient.flatten((menu["menu"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        XCTAssertFalse(titles.contains("Greet"), "\(titles)")
    }
}
