import MenudCore
import XCTest

final class WebRequestGateTests: XCTestCase {
    private let secret = "Abcdefghijklmnopqrstuvwxyz-0123456789_XY"
    private var gate: WebRequestGate!

    override func setUpWithError() throws {
        gate = try WebRequestGate(secret: secret, hosts: WebRequestGate.hosts(listeningOn: "127.0.0.1", port: 7780)
                                  + WebRequestGate.hosts(listeningOn: "::1", port: 7780))
    }

    private func page(query: [String] = [], cookies: [String] = [], host: String? = "127.0.0.1:7780",
                      origin: String? = nil, path: String = "/") -> WebGateDecision {
        gate.decide(WebGateRequest(isUpgrade: false, path: path, query: query, cookies: cookies, host: host, origin: origin))
    }

    private func upgrade(cookies: [String], host: String? = "127.0.0.1:7780", origin: String? = "http://127.0.0.1:7780",
                         query: [String] = []) -> WebGateDecision {
        gate.decide(WebGateRequest(isUpgrade: true, path: "/rpc", query: query, cookies: cookies, host: host, origin: origin))
    }

    func testTheHostsOfAListeningAddress() {
        XCTAssertEqual(WebRequestGate.hosts(listeningOn: "127.0.0.1", port: 80), ["127.0.0.1:80", "localhost:80"])
        XCTAssertEqual(WebRequestGate.hosts(listeningOn: "::1", port: 80), ["[::1]:80", "localhost:80"])
        XCTAssertEqual(WebRequestGate.hosts(listeningOn: "192.168.1.2", port: 80), ["192.168.1.2:80"])
    }

    func testTheQuerySecretOnThePageSetsTheCookie() {
        let cookie = "menud_token=\(secret); Path=/; HttpOnly; SameSite=Strict"
        XCTAssertEqual(page(query: ["token=\(secret)"]), .allow(setCookie: cookie))
        XCTAssertEqual(page(query: ["a=b", "token=\(secret)"], path: "/index.html"), .allow(setCookie: cookie))
        XCTAssertEqual(page(query: ["token=\(secret)"], path: "/app.js"), .refuse(.missingSecret), "only on the page")
        XCTAssertEqual(page(query: ["token=\(secret)x"]), .refuse(.wrongSecret))
        XCTAssertEqual(page(query: ["token=" + secret.dropLast()]), .refuse(.wrongSecret))
        XCTAssertEqual(page(query: ["xtoken=\(secret)"]), .refuse(.missingSecret))
        XCTAssertEqual(page(), .refuse(.missingSecret))
    }

    func testTheCookieCountsAnywhereHoweverTheHeadersAreWritten() {
        XCTAssertEqual(page(cookies: ["menud_token=\(secret)"], path: "/app.js"), .allow(setCookie: nil))
        XCTAssertEqual(page(cookies: ["a=1;menud_token=\(secret);b=2"], path: "/x.css"), .allow(setCookie: nil))
        XCTAssertEqual(page(cookies: ["a=1", " menud_token = \(secret) "], path: "/x.css"), .allow(setCookie: nil))
        XCTAssertEqual(page(cookies: ["menud_token=\"\(secret)\""], path: "/x.css"), .allow(setCookie: nil))
        XCTAssertEqual(page(cookies: ["menud_token=stale; menud_token=\(secret)"], path: "/x.css"), .allow(setCookie: nil),
                       "a stale cookie beside the right one")
        XCTAssertEqual(page(cookies: ["xmenud_token=\(secret)"], path: "/x.css"), .refuse(.missingSecret))
        XCTAssertEqual(page(cookies: ["menud_token=\(secret)b=2"], path: "/x.css"), .refuse(.wrongSecret),
                       "two Cookie headers run together are not read as two")
        XCTAssertEqual(page(query: ["token=\(secret)"], cookies: ["menud_token=old"]), .allow(setCookie: gate.setCookie),
                       "a fresh URL replaces a stale cookie")
    }

    func testTheHostMustNameTheListeningAddress() {
        let cookies = ["menud_token=\(secret)"]
        for host in ["127.0.0.1:7780", "localhost:7780", "LOCALHOST:7780", "[::1]:7780"] {
            XCTAssertEqual(page(cookies: cookies, host: host), .allow(setCookie: nil), host)
        }
        for host in ["evil.example:7780", "127.0.0.1:7781", "127.0.0.1", "127.0.0.1:7780.evil.example", "[::1]:7781",
                     "127.0.0.1:7780,evil.example", ""] {
            XCTAssertEqual(page(cookies: cookies, host: host), .refuse(.foreignHost(host)), host)
        }
        XCTAssertEqual(page(cookies: cookies, host: nil), .refuse(.missingHost))
    }

    func testTheUpgradeNeedsThePagesOwnOriginAndTheCookie() {
        let cookies = ["menud_token=\(secret)"]
        XCTAssertEqual(upgrade(cookies: cookies), .allow(setCookie: nil))
        XCTAssertEqual(upgrade(cookies: cookies, host: "localhost:7780", origin: "http://localhost:7780"), .allow(setCookie: nil))
        XCTAssertEqual(upgrade(cookies: cookies, origin: nil), .refuse(.missingOrigin))
        for origin in ["http://evil.example", "http://localhost:7780", "https://127.0.0.1:7780", "null", "http://127.0.0.1:7780/"] {
            XCTAssertEqual(upgrade(cookies: cookies, origin: origin), .refuse(.foreignOrigin(origin)), origin)
        }
        XCTAssertEqual(upgrade(cookies: [], query: ["token=\(secret)"]), .refuse(.missingSecret), "no query secret on the upgrade")
        XCTAssertEqual(page(cookies: cookies, origin: "http://evil.example", path: "/app.js"),
                       .refuse(.foreignOrigin("http://evil.example")), "a foreign Origin on any request")
    }

    func testOverlongHeadersAreRefusedBeforeAnythingElse() {
        let long = String(repeating: "a", count: WebRequestGate.maxNameHeaderBytes + 1)
        XCTAssertEqual(page(host: long), .refuse(.headerTooLong("Host")))
        XCTAssertEqual(page(host: "127.0.0.1:7780", origin: long), .refuse(.headerTooLong("Origin")))
        let cookie = "menud_token=\(secret); pad=" + String(repeating: "b", count: WebRequestGate.maxCookieHeaderBytes)
        XCTAssertEqual(page(cookies: [cookie]), .refuse(.headerTooLong("Cookie")))
    }

    func testUnusableSecretsAreRefused() {
        for bad in ["short", String(repeating: "a", count: 257), String(repeating: "a", count: 40) + ";", String(repeating: "é", count: 20)] {
            XCTAssertThrowsError(try WebRequestGate(secret: bad, hosts: ["127.0.0.1:1"])) { error in
                XCTAssertTrue("\(error)".contains("letters, digits"), "\(error)")
            }
        }
        XCTAssertThrowsError(try WebRequestGate(secret: secret, hosts: []))
    }

    func testRefusalTextsEscapeWhatTheClientSent() {
        let text = WebGateRefusal.foreignHost("evil\r\nFAKE LOG LINE \"x\"").description
        XCTAssertFalse(text.contains("\n"))
        XCTAssertTrue(text.contains(#"\r\n"#), text)
        XCTAssertTrue(text.contains(#"\"x\""#), text)
        XCTAssertLessThan(WebGateRefusal.foreignOrigin(String(repeating: "o", count: 500)).description.count, 120)
    }
}
