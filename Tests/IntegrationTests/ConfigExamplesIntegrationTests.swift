import Foundation
import XCTest

/// Every configuration example the project shows starts the real daemon: `config/menud.json5`
/// with its commented examples uncommented, and each JSON5 snippet of README.md and docs/*.md.
/// An example that no longer loads fails here instead of in a person's hands.
final class ConfigExamplesIntegrationTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `config/menud.json5` with each commented example (the `//   ` lines after a comment
    /// ending in "For example:") put inside the empty value of the key that follows it.
    static func uncommentingExamples(_ text: String) throws -> (text: String, count: Int) {
        var output: [String] = []
        var example: [String]?
        var count = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var lines = example {
                if trimmed.hasPrefix("//   ") {
                    lines.append(String(trimmed.dropFirst(2)))
                    example = lines
                    output.append(line)
                    continue
                }
                if trimmed.hasPrefix("//") {
                    output.append(line)
                    continue
                }
                guard let colon = trimmed.firstIndex(of: ":"),
                      let empty = ["{},", "[],"].first(where: { trimmed.hasSuffix($0) }) else {
                    throw DaemonTestError("an example ends at \"\(line)\", which is not a key with an empty {} or [] value")
                }
                let key = trimmed[..<colon]
                output.append("  \(key): \(empty.first!)")
                output.append(contentsOf: lines)
                output.append("  \(empty.dropFirst().first!),")
                example = nil
                count += 1
                continue
            }
            if trimmed.hasPrefix("//"), trimmed.hasSuffix("For example:") { example = [] }
            output.append(line)
        }
        return (output.joined(separator: "\n"), count)
    }

    /// The ```json5 blocks of a Markdown file, each as a whole config (a fragment of keys is
    /// put in braces).
    static func json5Snippets(in markdown: String) -> [String] {
        var snippets: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line.trimmingCharacters(in: .whitespaces) == "```json5" { current = [] }
            } else if line.trimmingCharacters(in: .whitespaces) == "```" {
                let body = current!.joined(separator: "\n")
                snippets.append(body.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") ? body : "{\n\(body)\n}")
                current = nil
            } else {
                current!.append(line)
            }
        }
        return snippets
    }

    /// Starts the daemon with `config` and checks it answers. The examples' web port (7780)
    /// becomes 0, any free one, so a test never depends on that port being free, and the web
    /// token goes into the daemon's temporary folder.
    private func assertStarts(_ config: String, binary: String = DaemonProcess.menudPath, _ what: String,
                              line: UInt = #line) throws -> [String: Any] {
        let daemon = try DaemonProcess()
        let config = config.replacingOccurrences(of: "127.0.0.1:7780", with: "127.0.0.1:0")
        do {
            try daemon.start(config: config, environment: ["XDG_RUNTIME_DIR": daemon.home.path], binary: binary)
        } catch {
            XCTFail("\(what) does not start the daemon: \(error)\n--- config:\n\(config)", line: line)
            return [:]
        }
        return try daemon.client().call("daemon.status")
    }

    func testTheShippedConfigWithEveryExampleUncommentedStarts() throws {
        let shipped = try String(contentsOf: Self.packageRoot.appendingPathComponent("config/menud.json5"), encoding: .utf8)
        let (config, count) = try Self.uncommentingExamples(shipped)
        XCTAssertEqual(count, 3, "the plugins, commands and web examples were found")
        let status = try assertStarts(config, "config/menud.json5 with its examples")
        let plugins = status["plugins"] as? [[String: Any]] ?? []
        XCTAssertEqual(plugins.compactMap { $0["name"] as? String }, ["checksum", "commands"], "the example disables files")
        XCTAssertEqual(plugins.first { $0["name"] as? String == "commands" }?["actions"] as? Int, 1, "the Play command is loaded")
        let web = status["web"] as? [String: Any]
        XCTAssertEqual((web?["listen"] as? String)?.hasPrefix("127.0.0.1:"), true, "the web example turns the page on: \(status)")
    }

    func testEveryJSON5SnippetOfTheDocsStarts() throws {
        var total = 0
        for name in ["README.md", "docs/plugins.md", "docs/service.md", "docs/protocol.md"] {
            let markdown = try String(contentsOf: Self.packageRoot.appendingPathComponent(name), encoding: .utf8)
            for (index, snippet) in Self.json5Snippets(in: markdown).enumerated() {
                // The fixture daemon also has the example plugin docs/plugins.md writes.
                let status = try assertStarts(snippet, binary: DaemonProcess.fixturePath, "\(name) JSON5 snippet \(index + 1)")
                if snippet.contains("web:") {
                    XCTAssertNotNil(status["web"] as? [String: Any], "\(name) JSON5 snippet \(index + 1) turns the web page on")
                }
                total += 1
            }
        }
        XCTAssertGreaterThanOrEqual(total, 3, "the docs' snippets were found")
    }
}
