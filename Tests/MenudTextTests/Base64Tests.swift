import Foundation
import MenudText
import XCTest

/// `Base64` agrees with Foundation, which the wire's `pathBase64` used before.
final class Base64Tests: XCTestCase {
    func testEncodesAsFoundationDoes() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            XCTAssertEqual(Base64.encode(bytes), Data(bytes).base64EncodedString(), "\(bytes)")
            XCTAssertEqual(Base64.decode(Base64.encode(bytes)), bytes)
        }
        XCTAssertEqual(Base64.encode(Array("bad\u{FF}".utf8)), "YmFkw78=")
        XCTAssertNil(Base64.decode("YW=J"), "padding only at the end")
    }

    func testRefusesWhatFoundationRefuses() {
        for text in ["Y", "YW", "YWJ", "Y===", "YWJj\n", " YWJj", "YW*j", "YWJjZA", "=YWJ"] {
            XCTAssertNil(Base64.decode(text), text)
            XCTAssertNil(Data(base64Encoded: text), text)
        }
        for text in ["", "YQ==", "YWI=", "YWJj", "+/+/"] {
            XCTAssertEqual(Base64.decode(text), Data(base64Encoded: text).map(Array.init), text)
        }
    }
}
