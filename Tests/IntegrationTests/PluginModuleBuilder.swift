import Foundation

/// Builds plugin modules for the tests: the example package Plugins/Examples/Hello, built apart
/// from the daemon as an author builds one, and one-file modules compiled with swiftc against the
/// daemon's build (to fake a wrong API version or toolchain).
enum PluginModuleBuilder {
    static let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var hello: Result<URL, any Error>?

    /// `swift build` of the example package, once per test run; the path of its libHello.so.
    static func helloModule() throws -> URL {
        lock.lock(); defer { lock.unlock() }
        if let hello { return try hello.get() }
        let package = sourceTree.appendingPathComponent("Plugins/Examples/Hello")
        let result = Result<URL, any Error> {
            var (status, output) = try run(["swift", "build", "--package-path", package.path])
            if status != 0 {
                // An earlier build of the example can miss a source file added to this tree
                // since (its dependency's file list is cached): build it once more from clean.
                try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
                (status, output) = try run(["swift", "build", "--package-path", package.path])
            }
            guard status == 0 else { throw DaemonTestError("the example plugin did not build:\n\(output)") }
            let (_, binPath) = try run(["swift", "build", "--package-path", package.path, "--show-bin-path"])
            return URL(fileURLWithPath: binPath.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent("libHello.so")
        }
        hello = result
        return try result.get()
    }

    /// Compiles `source` into the module `output` against the daemon's plugin API.
    static func compile(_ source: String, to output: URL) throws {
        let file = output.deletingPathExtension().appendingPathExtension("swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let build = DaemonProcess.binaryDirectory
        var arguments = ["swiftc", "-emit-library", "-parse-as-library", file.path, "-o", output.path,
                         "-I", build.appendingPathComponent("Modules").path, "-L", build.path, "-lMenudPluginAPI"]
        // System library targets keep their module map beside the sources; C targets in include/.
        for module in ["CLinux"] {
            arguments += ["-Xcc", "-fmodule-map-file=" + sourceTree.appendingPathComponent("Sources/\(module)/module.modulemap").path]
        }
        for module in ["CCrypto", "CMagic", "CSystemd"] {
            arguments += ["-Xcc", "-fmodule-map-file=" + sourceTree.appendingPathComponent("Sources/\(module)/include/module.modulemap").path]
        }
        let (status, text) = try run(arguments)
        guard status == 0 else { throw DaemonTestError("swiftc failed for \(file.path):\n\(text)") }
    }

    /// A module whose entry point hands over a plugin named `name` with these tags.
    static func taggedSource(name: String, entryPoint: String = "menud_plugin_v1", apiVersion: Int = 1, toolchain: String) -> String {
        """
        import MenudPluginAPI
        struct Tagged: MenudPlugin {
            let name = "\(name)"
            let version = "0"
            func items(for target: MenuTarget) async throws -> [MenuItem] { [] }
        }
        @_cdecl("\(entryPoint)") public func entry() {
            PluginModule(factory: PluginFactory(name: "\(name)") { _ in Tagged() }, apiVersion: \(apiVersion), toolchain: "\(toolchain)").export()
        }
        """
    }

    /// Runs a program (found on PATH) to its end; its exit status and output (stdout and stderr).
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> (Int32, String) {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
