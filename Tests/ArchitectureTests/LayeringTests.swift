import Foundation
import XCTest

/// Keeps the layering honest: libuv and unsafe code stay in the loop layer (and the other C
/// libraries in MenudNative), pure logic stays pure, plugins see only the plugin API.
final class LayeringTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under Sources/ and Plugins/, keyed by module directory.
    private func sources() throws -> [(module: String, path: String, text: String)] {
        var result: [(String, String, String)] = []
        for top in ["Sources", "Plugins"] {
            let base = Self.packageRoot.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let relative = url.path.replacingOccurrences(of: base.path + "/", with: "")
                let module = top == "Plugins" ? "Plugins/" + relative.split(separator: "/")[0] : String(relative.split(separator: "/")[0])
                result.append((module, top + "/" + relative, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return result
    }

    private func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("import ") else { return nil }
            return String(trimmed.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Source without comments and string literals, so a doc comment naming libuv is fine.
    private func code(_ text: String) -> String {
        var output = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = String(line)
            if let comment = kept.range(of: "//") { kept = String(kept[..<comment.lowerBound]) }
            kept = kept.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
            output += kept + "\n"
        }
        return output
    }

    func testTheScanSeesTheWholeTree() throws {
        let files = try sources()
        let modules = Set(files.map(\.module))
        for expected in ["MenudLoop", "MenudNative", "MenudJSON", "MenudProtocol", "MenudCore", "MenuLayout", "MenudPluginAPI", "MenudRuntime", "MenuctlKit", "menud", "menuctl", "Plugins/FileActions"] {
            XCTAssertTrue(modules.contains(expected), "no Swift files found for \(expected)")
        }
        XCTAssertGreaterThan(files.count, 100)
    }

    func testLibuvAndUnmanagedOnlyInTheLoopLayer() throws {
        for file in try sources() where file.module != "MenudLoop" {
            XCTAssertFalse(imports(file.text).contains("CLibUV"), "\(file.path) imports CLibUV; only Sources/MenudLoop may")
            // libwebsockets runs on the libuv loop: it belongs to the loop layer too.
            XCTAssertFalse(imports(file.text).contains("CLibWebSockets"), "\(file.path) imports CLibWebSockets; only Sources/MenudLoop may")
            XCTAssertFalse(code(file.text).contains("Unmanaged"), "\(file.path) uses Unmanaged; only Sources/MenudLoop may")
        }
    }

    func testUnsafePointersOnlyInTheLoopLayerAndNativeWrappers() throws {
        let pattern = try NSRegularExpression(pattern: #"\b(Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|OpaquePointer)\b"#)
        for file in try sources() where file.module != "MenudLoop" && file.module != "MenudNative" {
            let text = code(file.text)
            let hits = pattern.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
            XCTAssertEqual(hits, 0, "\(file.path) uses unsafe pointers; keep them in MenudLoop or MenudNative")
        }
    }

    func testCLibrariesOnlyInTheirWrappers() throws {
        for file in try sources() {
            for module in imports(file.text) where ["CCrypto", "CMagic", "CSystemd", "CLinux"].contains(module) {
                XCTAssertEqual(file.module, "MenudNative", "\(file.path) imports \(module); wrap it in MenudNative")
            }
        }
    }

    func testPureLogicImportsNoRuntimeOrSystemLayer() throws {
        let forbidden = ["MenudLoop", "MenudNative", "MenudRuntime", "MenudPluginAPI", "MenuctlKit", "Dispatch", "CLibUV"]
        let pure: Set = ["MenudJSON", "MenudProtocol", "MenudCore", "MenuLayout"]
        for file in try sources() where pure.contains(file.module) {
            for module in imports(file.text) where forbidden.contains(module) {
                XCTFail("\(file.path) imports \(module); pure logic must not")
            }
        }
    }

    /// The wire sits below everything else: the JSON module stands alone, the protocol module
    /// sees only it, so a client (menuctl, MenudClient) can speak the protocol without the core;
    /// MenudClient adds only the socket.
    func testTheProtocolLayerStandsAlone() throws {
        let allowed: [String: Set<String>] = [
            "MenudText": [],
            "MenudJSON": [],
            "MenudProtocol": ["MenudJSON", "MenudText"],
            // The Swift client needs the socket (MenudNative), never the daemon's insides.
            "MenudClient": ["Foundation", "MenudNative", "MenudJSON", "MenudProtocol"],
        ]
        for file in try sources() {
            guard let permitted = allowed[file.module] else { continue }
            for module in imports(file.text) where !permitted.contains(module) {
                XCTFail("\(file.path) imports \(module); \(file.module) may import only \(permitted.sorted().joined(separator: ", "))")
            }
        }
    }

    func testPluginAPIAndPluginsSeeNoDaemonInternals() throws {
        for file in try sources() where file.module == "MenudPluginAPI" {
            // Synchronization is the standard library's (Mutex), not a daemon internal.
            for module in imports(file.text) where !["MenudNative", "MenudText", "Synchronization"].contains(module) {
                XCTFail("\(file.path) imports \(module); the plugin API depends on MenudNative (its file descriptors), MenudText and the standard library only")
            }
        }
        for file in try sources() where file.module.hasPrefix("Plugins/") {
            for module in imports(file.text) where ["MenudRuntime", "MenudCore", "MenudLoop", "CLibUV", "MenuLayout"].contains(module) {
                XCTFail("\(file.path) imports \(module); plugins use MenudPluginAPI (and MenudNative for C libraries)")
            }
        }
    }

    /// The daemon does not load Foundation (about 6.5 MB of an idle daemon's memory): no module
    /// it links imports it, in any spelling (`FoundationEssentials` too, `import struct
    /// Foundation.Date`, `@preconcurrency import`). Only the clients and MenudPluginTesting may. docs/architecture.md
    /// says what to use instead; a plugin loaded at run time may import it for itself.
    func testNoModuleTheDaemonLinksImportsFoundation() throws {
        // Not linked into the daemon: the clients, and the test support plugin authors link
        // into their own tests.
        let clientOnly: Set = ["MenudClient", "MenuctlKit", "menuctl", "MenudPluginTesting"]
        let pattern = try NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#, options: .anchorsMatchLines)
        var checked = 0
        for file in try sources() where !clientOnly.contains(file.module) {
            let text = code(file.text)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let module = String(text[range])
                checked += 1
                XCTAssertFalse(module.hasPrefix("Foundation") || module == "CoreFoundation",
                               "\(file.path) imports \(module); the daemon must not load Foundation (see docs/architecture.md)")
            }
        }
        XCTAssertGreaterThan(checked, 100, "the import scan found too few imports to be looking at the sources")
    }

    func testExecutablesAreThin() throws {
        for file in try sources() where file.module == "menud" || file.module == "menuctl" {
            let lines = code(file.text).split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            XCTAssertLessThanOrEqual(lines.count, 10, "\(file.path) should only hand over to its library")
        }
    }
}
