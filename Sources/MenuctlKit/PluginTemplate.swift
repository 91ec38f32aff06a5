import Foundation

/// `menuctl plugin new NAME [DIR]`: a package that builds a plugin module with
/// `swift build -c release` as generated: Package.swift, one source file with one working
/// action, and a test. It depends on the menud source tree by path (Swift has no stable ABI on
/// Linux: the module must be built from the same sources and toolchain as the daemon).
struct PluginTemplate {
    let name: String
    let directory: String?
    let menud: String?

    /// Writes the package; returns its folder.
    func write() throws(MenuctlError) -> String {
        guard let first = name.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first),
              name.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else {
            throw .usage("plugin new \(name): a plugin's name is ASCII letters and digits starting with a letter, such as Hello.", command: "plugin")
        }
        let source = try sourceTree()
        let folder = absolute(directory ?? name)
        if FileManager.default.fileExists(atPath: folder) { throw .failure("\(folder) exists already; choose another folder") }
        let files = [
            "Package.swift": package(source: source),
            "Sources/\(name)/\(name).swift": plugin,
            "Tests/\(name)Tests/\(name)Tests.swift": test,
            ".gitignore": ".build/\n",
        ]
        do {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch {
            throw .failure("cannot write the package in \(folder): \(error.localizedDescription)")
        }
        return folder
    }

    private var id: String { name.lowercased() }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// `--menud DIR`, else the source tree this menuctl was built in (a few folders up).
    private func sourceTree() throws(MenuctlError) -> String {
        func isTree(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: path + "/Package.swift") && FileManager.default.fileExists(atPath: path + "/Sources/MenudPluginAPI")
        }
        if let menud {
            guard isTree(absolute(menud)) else { throw .failure("--menud \(menud) is not a menud source tree (no Sources/MenudPluginAPI)") }
            return absolute(menud)
        }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
        for _ in 0..<6 {
            if isTree(folder) { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        throw .failure("cannot find the menud source tree this menuctl was built from; give it with --menud DIR")
    }

    private func package(source: String) -> String {
        """
        // swift-tools-version: 6.0
        // `swift build -c release` makes .build/release/lib\(name).so; `menuctl plugin install` loads it.
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [.library(name: "\(name)", type: .dynamic, targets: ["\(name)"])],
            dependencies: [.package(name: "menud", path: "\(source)")],
            targets: [
                .target(name: "\(name)", dependencies: [.product(name: "MenudPluginAPI", package: "menud")]),
                .testTarget(name: "\(name)Tests", dependencies: [
                    "\(name)", .product(name: "MenudPluginAPI", package: "menud"), .product(name: "MenudPluginTesting", package: "menud"),
                ]),
            ]
        )

        """
    }

    private var plugin: String {
        """
        import MenudPluginAPI

        /// The module's entry point: the daemon calls it once after loading the file.
        @_cdecl("menud_plugin_v1") public func menudPlugin() { PluginModule(\(name).factory).export() }

        /// Offers "Say hello" for one file.
        public struct \(name): MenudPlugin {
            public static let factory = PluginFactory(name: "\(id)") { _ in \(name)() }
            public let name = "\(id)"
            public let version = "0.1.0"
            public let actionTitles = ["Say hello"]

            public func items(for target: MenuTarget) async throws -> [MenuItem] {
                guard let file = target.singleFile else { return [] }
                return [.action("Say hello") { _ in ActionOutcome(message: "Hello, \\(file.name)!") }]
            }
        }

        """
    }

    private var test: String {
        """
        import MenudPluginAPI
        import MenudPluginTesting
        import XCTest
        import \(name)

        final class \(name)Tests: XCTestCase {
            func testOneFileGetsSayHello() async throws {
                let plugin = try \(name).factory.make(PluginSettings())
                let file = TargetFile(path: "a.txt", absolutePath: "/tmp/a.txt", state: .ready, size: 1, mtimeMs: 0)
                let target = MenuTarget(kind: .file, files: [file], root: "/tmp")
                let problems = await ItemCheck.problems(of: plugin, for: target)
                XCTAssertEqual(problems, [], "the daemon would take these items")
                let items = try await plugin.items(for: target)
                XCTAssertEqual(items.map(\\.title), ["Say hello"])
                let run = await ActionProbe(root: "/tmp").run(items[0], on: [file])
                XCTAssertEqual(run.outcome?.message, "Hello, a.txt!")
            }
        }

        """
    }
}
