import MenudCore
import MenudLoop
import XCTest

/// HTTP through a real server on a real loop: the gate, the page's files, generated answers.
final class WebServerHTTPTests: XCTestCase {
    private var harness: WebTestHarness!

    override func setUpWithError() throws {
        harness = try WebTestHarness()
    }

    override func tearDownWithError() throws {
        XCTAssertEqual(harness.closeLoop(), 0, "the loop closes clean")
        harness = nil
    }

    func testThePageWithTheSecretInTheQueryIsServedAndSetsTheCookie() throws {
        let response = try XCTUnwrap(harness.get("/?token=\(WebTestHarness.secret)"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, WebTestHarness.pageText)
        XCTAssertEqual(response.header("content-type"), "text/html; charset=utf-8")
        XCTAssertEqual(response.header("set-cookie"), "menud_token=\(WebTestHarness.secret); Path=/; HttpOnly; SameSite=Strict")
        XCTAssertEqual(response.header("cache-control"), "no-cache")
        XCTAssertEqual(response.header("x-content-type-options"), "nosniff")
        XCTAssertEqual(response.header("referrer-policy"), "no-referrer")
        let policy = try XCTUnwrap(response.header("content-security-policy"))
        XCTAssertTrue(policy.hasPrefix("default-src 'self'; connect-src 'self'"), policy)
        XCTAssertFalse(policy.contains("unsafe-inline"))
    }

    func testTheCookieAloneIsAcceptedAmongOthersAndInASecondCookieHeader() throws {
        let script = try XCTUnwrap(harness.get("/app.js", ["Cookie: theme=dark; \(harness.cookie); lang=en"]))
        XCTAssertEqual(script.status, 200)
        XCTAssertEqual(script.header("content-type"), "text/javascript; charset=utf-8")
        XCTAssertNil(script.header("set-cookie"), "the cookie is only set from the page's query")
        let twoHeaders = try XCTUnwrap(harness.get("/app.js", ["Cookie: theme=dark", "Cookie: \(harness.cookie)"]))
        XCTAssertEqual(twoHeaders.status, 200, "the secret in the second of two Cookie headers")
        let style = try XCTUnwrap(harness.get("/sub/inner.css", ["Cookie: \(harness.cookie)"]))
        XCTAssertEqual(style.status, 200)
        XCTAssertEqual(style.header("content-type"), "text/css; charset=utf-8")
    }

    func testRequestsWithoutTheSecretOrForAnotherHostGetABare403() throws {
        let secret = WebTestHarness.secret
        let refused: [(String, [String])] = [
            ("/", []),
            ("/?token=wrong-wrong-wrong-wrong-wrong-wrong", []),
            ("/app.js", ["Cookie: menud_token=nope"]),
            ("/app.js?token=\(secret)", []), // the query secret counts on the page only
            ("/?token=\(secret)", ["Host: evil.example:\(harness.port)"]),
            ("/?token=\(secret)", ["Host: 127.0.0.1:\(harness.port + 1)"]),
            ("/?token=\(secret)", ["Host: 127.0.0.1"]),
            ("/app.js", ["Cookie: \(harness.cookie)", "Origin: http://evil.example"]),
        ]
        for (path, headers) in refused {
            let response = try XCTUnwrap(harness.get(path, headers), "\(path) \(headers)")
            XCTAssertEqual(response.status, 403, "\(path) \(headers)")
            XCTAssertEqual(response.body, [], "nothing served")
            XCTAssertEqual(response.header("content-length"), "0")
            XCTAssertNil(response.header("set-cookie"))
            XCTAssertNil(response.header("content-type"))
        }
        XCTAssertEqual(harness.owner.refusals.count, refused.count, "every refusal reached the owner")
        XCTAssertEqual(harness.owner.refusals.map(\.reason).first, .missingSecret)
        XCTAssertTrue(harness.owner.refusals.allSatisfy { $0.request.peerAddress == "127.0.0.1" })
        let noHost = try XCTUnwrap(harness.exchange("GET /?token=\(secret) HTTP/1.0\r\n\r\n"))
        XCTAssertEqual(noHost.status, 403)
        XCTAssertEqual(harness.owner.refusals.last?.reason, .missingHost)
    }

    func testTheCookieFromTheFirstVisitOpensTheRestOfTheSite() throws {
        let page = try XCTUnwrap(harness.get("/index.html?token=\(WebTestHarness.secret)"))
        let setCookie = try XCTUnwrap(page.header("set-cookie"))
        let pair = try XCTUnwrap(setCookie.split(separator: ";").first)
        let script = try XCTUnwrap(harness.get("/app.js", ["Cookie: \(pair)"]))
        XCTAssertEqual(script.status, 200)
        XCTAssertEqual(script.text, "export const answer = 42;\n")
    }

    func testNothingOutsideTheFolderHiddenOrOfUnknownTypeIsServed() throws {
        let paths = [
            "/../secret.js", "/%2e%2e/secret.js", "/sub/..%2f..%2fsecret.js", "/sub/%2e%2e/%2e%2e/secret.js",
            "/.hidden.js", "/sub/../.hidden.js", "/%2ehidden.js", "/link.js", "/up/secret.js", "/up/www/app.js",
            "/index.html%00.js", "/sub/", "/sub", "/missing.js", "/app.js.txt", "//etc/passwd",
            "/" + String(repeating: "a/", count: 600) + "x.js",
        ]
        var answered = 0
        for path in paths {
            // (lws itself drops a request with %00 in the path: no response at all.)
            guard let response = try harness.get(path, ["Cookie: \(harness.cookie)"]) else { continue }
            answered += 1
            XCTAssertTrue([400, 403, 404].contains(response.status), "\(path): \(response.statusLine)")
            XCTAssertFalse(response.text.contains(WebTestHarness.outsideText), "\(path) served a file it must not")
        }
        XCTAssertGreaterThanOrEqual(answered, paths.count - 1, "the server answered (404), it did not just hang up")
        let inside = try XCTUnwrap(harness.get("/sub/../app.js", ["Cookie: \(harness.cookie)"]))
        XCTAssertEqual(inside.status, 200, "a path that stays inside after /../ is resolved")
    }

    func testGeneratedResponsesComeFromTheOwner() throws {
        harness.owner.generated["/state.json"] = WebResponse(contentType: "application/json", body: Array(#"{"ok":true}"#.utf8))
        let response = try XCTUnwrap(harness.get("/state.json", ["Cookie: \(harness.cookie)"]))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, #"{"ok":true}"#)
        XCTAssertEqual(response.header("cache-control"), "no-store")
        XCTAssertEqual(response.header("content-type"), "application/json")
    }

    func testALargeBodyArrivesWholeAndTheConnectionServesTheNextRequest() throws {
        let big = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        harness.owner.generated["/big.json"] = WebResponse(contentType: "application/json", body: big)
        let client = try harness.connect()
        let request = "GET /big.json HTTP/1.1\r\nHost: \(harness.host)\r\nCookie: \(harness.cookie)\r\n\r\n"
        let first = try XCTUnwrap(harness.exchange(request, on: client))
        XCTAssertEqual(first.body, big)
        let second = try XCTUnwrap(harness.exchange(request.replacingOccurrences(of: "/big.json", with: "/app.js"), on: client))
        XCTAssertEqual(second.status, 200, "keep-alive: the same connection takes another request")
    }

    func testOtherMethodsGet405() throws {
        let response = try XCTUnwrap(harness.exchange(
            "POST /app.js HTTP/1.1\r\nHost: \(harness.host)\r\nCookie: \(harness.cookie)\r\nContent-Length: 0\r\n\r\n"))
        XCTAssertEqual(response.status, 405)
        XCTAssertEqual(response.header("allow"), "GET")
    }

    func testAnOverlongCookieIsRefusedByTheGate() throws {
        XCTAssertEqual(harness.closeLoop(), 0)
        harness = try WebTestHarness { $0.maxHeaderBytes = 16_384 }
        let response = try XCTUnwrap(harness.get("/app.js", ["Cookie: \(harness.cookie); pad=\(String(repeating: "x", count: 8200))"]))
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(harness.owner.refusals.last?.reason, .headerTooLong("Cookie"))
    }

    func testHeadersOverTheServersRoomDropTheRequestAndTheServerGoesOn() throws {
        let client = try harness.connect()
        client.send("GET /app.js HTTP/1.1\r\nHost: \(harness.host)\r\nX-Pad: \(String(repeating: "y", count: 20_000))\r\n\r\n")
        XCTAssertTrue(harness.spin { client.isClosed }, "lws drops a request whose headers do not fit")
        XCTAssertNil(TestHTTPResponse.parse(client.inbox), "and serves nothing")
        XCTAssertTrue(harness.owner.admitted.isEmpty && harness.owner.refusals.isEmpty, "the owner never saw it")
        XCTAssertFalse(harness.owner.libraryLines.isEmpty, "lws's complaint reached the owner")
        let next = try XCTUnwrap(harness.get("/app.js", ["Cookie: \(harness.cookie)"]))
        XCTAssertEqual(next.status, 200)
    }
}
