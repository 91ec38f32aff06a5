@testable import MenudRuntime
import MenudPluginAPI
import XCTest

/// The config's own JSON5 parser reads values as Foundation's `JSONDecoder` (with JSON5) did.
final class ConfigJSON5ParserTests: XCTestCase {
    private func parse(_ text: String) throws -> PluginValue {
        try ConfigJSON5Parser.parse(Array(text.utf8))
    }

    func testValuesOfEveryKind() throws {
        let value = try parse("""
            // a comment
            { a: 1, 'b': "two", "c": [true, false, null,], /* block */ d: { e: -2.5 }, f: 0x1F, g: +3, h: .5, i: 5., j: 1e3, k: 3.0, l: -Infinity, }
            """)
        XCTAssertEqual(value, .object([
            "a": .int(1), "b": .string("two"), "c": .array([.bool(true), .bool(false), .null]),
            "d": .object(["e": .double(-2.5)]), "f": .int(31), "g": .int(3), "h": .double(0.5), "i": .int(5),
            "j": .int(1000), "k": .int(3), "l": .double(-.infinity),
        ]))
    }

    func testStringEscapesAndLargeNumbers() throws {
        XCTAssertEqual(try parse(#"'a\'b\u0041\x42\n'"#), .string("a'bAB\n"))
        XCTAssertEqual(try parse("9223372036854775807"), .int(.max))
        XCTAssertEqual(try parse("9223372036854775808"), .double(9223372036854775808))
        guard case .double(let nan) = try parse("NaN"), nan.isNaN else { return XCTFail("NaN should be a Double") }
    }

    func testProblemsSayWhere() {
        XCTAssertThrowsError(try parse("{ a: 1,\n  b: }")) { error in
            let failure = error as! ConfigJSON5Parser.Failure
            XCTAssertTrue(failure.location.hasPrefix("line 2, column 6"), failure.location)
            XCTAssertNil(failure.keyPath)
        }
        XCTAssertThrowsError(try parse("{ a: { b: 1, 'b': 2 } }")) { error in
            XCTAssertEqual((error as! ConfigJSON5Parser.Failure).keyPath, "a.b")
        }
    }
}
