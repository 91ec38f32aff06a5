import Foundation
import MenudCore
import MenudLoop
import XCTest
@testable import MenudRuntime

/// The config's `web` section: off unless `listen` is given, loopback only unless the file
/// says `allowNonLoopback: true`, never a wildcard address.
final class ConfigWebTests: XCTestCase {
    private let environment = ConfigEnvironment(home: "/home/tester", runtimeDirectory: "/run/user/1000", uid: 1000)
    private let file = "/etc/menud/config.json5"

    private func parse(_ text: String) throws -> MenudConfig {
        try MenudConfig.parse(Array(text.utf8), file: file, environment: environment)
    }

    private func assertRefused(_ text: String, keyPath: String, _ phrases: [String], line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), line: line) { error in
            guard let error = error as? ConfigError else { return XCTFail("\(error)", line: line) }
            XCTAssertEqual(error.keyPath, keyPath, error.message, line: line)
            for phrase in phrases + [file] {
                XCTAssertTrue(error.message.contains(phrase), "\"\(phrase)\" not in: \(error.message)", line: line)
            }
        }
    }

    func testOffUnlessListenIsGiven() throws {
        XCTAssertNil(try parse("{}").web)
        XCTAssertNil(try parse("{ web: null }").web)
        XCTAssertNil(try parse("{ web: {} }").web)
        XCTAssertNil(try parse("{ web: { documents: \"page\" } }").web?.listen)
    }

    func testALoopbackAddressAndAFolderRelativeToTheFile() throws {
        let web = try XCTUnwrap(try parse("{ web: { listen: \"127.0.0.1:7780\", documents: \"page\" } }").web)
        XCTAssertEqual(web.listen, try WebListenAddress.parse("127.0.0.1:7780"))
        XCTAssertEqual(web.documents, "/etc/menud/page")
        XCTAssertFalse(web.allowNonLoopback)
        XCTAssertEqual(try parse("{ web: { listen: \"[::1]:0\" } }").web?.listen?.isIPv6, true)
    }

    func testOtherAddressesNeedTheConfigsWord() throws {
        assertRefused("{ web: { listen: \"192.168.1.5:7780\" } }", keyPath: "web.listen",
                      ["not a loopback address", "web.allowNonLoopback: true"])
        let allowed = try parse("{ web: { listen: \"192.168.1.5:7780\", allowNonLoopback: true } }").web
        XCTAssertEqual(allowed?.listen?.host, "192.168.1.5")
        assertRefused("{ web: { listen: \"0.0.0.0:7780\", allowNonLoopback: true } }", keyPath: "web.listen", ["every interface"])
        assertRefused("{ web: { listen: \"[::]:7780\", allowNonLoopback: true } }", keyPath: "web.listen", ["every interface"])
    }

    func testBadValuesSayWhatIsAllowed() {
        assertRefused("{ web: { listen: \"localhost:7780\" } }", keyPath: "web.listen", ["not a host name", "127.0.0.1:7780"])
        assertRefused("{ web: { listen: \"127.0.0.1\" } }", keyPath: "web.listen", ["127.0.0.1:PORT"])
        assertRefused("{ web: { listen: \"127.0.0.1:99999\" } }", keyPath: "web.listen", ["0 to 65535"])
        assertRefused("{ web: { listen: 7780 } }", keyPath: "web.listen", ["expected a string"])
        assertRefused("{ web: { port: 7780 } }", keyPath: "web.port", ["listen"])
        assertRefused("{ web: \"127.0.0.1:7780\" }", keyPath: "web", ["expected an object"])
    }

    func testTheCommandLineWinsAndIsHeldToTheSameRule() throws {
        var options = CommandLineOptions()
        options.web = "127.0.0.1:0"
        options.webDocuments = "/srv/page"
        XCTAssertThrowsError(try DaemonSettings.resolveWeb(config: nil, options: options, environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("/srv/page has no index.html"), "\(error)")
        }
        options.web = "10.1.2.3:7780"
        XCTAssertThrowsError(try DaemonSettings.resolveWeb(config: nil, options: options, environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("--web: 10.1.2.3:7780 is not a loopback address"), "\(error)")
        }
        XCTAssertNil(try DaemonSettings.resolveWeb(config: nil, options: CommandLineOptions(), environment: [:]))
        options.web = nil
        XCTAssertThrowsError(try DaemonSettings.resolveWeb(config: nil, options: options, environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("the web page is off; add --web"), "\(error)")
        }
        XCTAssertEqual(WebSettings.defaultTokenPath(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]), "/run/user/7/menud/web-token")
        XCTAssertEqual(WebSettings.defaultTokenPath(environment: [:]), "/tmp/menud-\(getuid())/web-token")
    }
}
