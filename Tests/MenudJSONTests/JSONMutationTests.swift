import Foundation
import Testing
@testable import MenudJSON
import TestSupport

/// Parses thousands of randomly mutated frames with `JSONParser` and with Foundation's
/// `JSONSerialization` (`.fragmentsAllowed`), and checks that they agree on which frames are JSON
/// and, where both accept, on the value.
///
/// Known differences, where Foundation is more lenient than RFC 8259 and menud is not (each is
/// checked to be the reason whenever the two disagree):
/// - duplicate keys: Foundation keeps the last value; menud rejects the frame.
/// - trailing commas (`[1,]`, `{"a":1,}`): Foundation accepts them; menud rejects them.
/// - a UTF-8 byte order mark: Foundation skips it; menud rejects it.
/// - NUL bytes among the first four: Foundation guesses UTF-16 or UTF-32 and decodes the frame in
///   that encoding; menud reads UTF-8 only, where a NUL outside a string is an error.
/// Any other disagreement on validity fails the test. Where both accept, two more differences are
/// allowed for when comparing values:
/// - Foundation drops a U+FEFF at the start of a string or key; menud keeps the text as sent.
/// - numbers with many digits come back from Foundation as `NSDecimalNumber`, whose `doubleValue`
///   can be an ulp or two off the correctly rounded `Double` that menud produces; those compare
///   with a relative tolerance of 1e-14.
@Suite struct JSONMutationTests {
    private static let corpus: [String] = [
        #"{"jsonrpc":"2.0","id":42,"method":"menu.open","params":{"target":{"path":"videos/intro.mp4"},"layout":{"viewport":{"cols":120,"rows":40}}}}"#,
        #"[{"jsonrpc":"2.0","method":"files.list","params":{"state":"ready","offset":0,"limit":100},"id":"q-1"},{"jsonrpc":"2.0","method":"daemon.status","id":2}]"#,
        #"{"a":[1,-2,3.25,-0.5e-3,1E10,0,-0,true,false,null],"b":{"c":{"d":[[],{}]}},"e":""}"#,
        #"{"s":"esc \" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20ac \ud83d\ude00","u":"héllo 日本語 😀"}"#,
        #"[9223372036854775807,-9223372036854775808,12345678901234567890,1.7976931348623157e308,5e-324,0.1]"#,
        #"  {"files":[{"path":"a b/c.txt","size":12,"sizeText":"12 bytes","state":"pending","mtimeMs":1764500000000}],"total":1}  "#,
        #""just a string""#,
        "-12.5e+3",
    ]

    private static let tokens: [[UInt8]] = [
        ",", "]", "}", "[", "{", ":", "\"", "\\", "\\u", "\\uD800", "\\uDC00", "1e400", "01", "-", ".", "e", "NaN",
        "null", "true", " ", "\n", "\"a\":1", ",\"id\":1",
    ].map { Array($0.utf8) } + [[0x00], [0x1F], [0x7F], [0x80], [0xC3], [0xC3, 0xA9], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xFF], [0xEF, 0xBB, 0xBF]]

    private enum Difference: String, CaseIterable {
        case duplicateKey, trailingComma, byteOrderMark, utf16Or32Guess
    }

    @Test func mutatedFramesAgreeWithFoundation() throws {
        var generator = SeededGenerator(seed: 2025)
        var counts = (bothAccept: 0, bothReject: 0)
        var differences: [Difference: Int] = [:]
        for round in 0..<6_000 {
            let base = Array(Self.corpus[round % Self.corpus.count].utf8)
            let frame = mutate(base, using: &generator)
            let ours = parseBothWays(frame)
            let theirs = try? JSONSerialization.jsonObject(with: Data(frame), options: [.fragmentsAllowed])
            switch (ours, theirs) {
            case (.success(let value), let foundation?):
                counts.bothAccept += 1
                #expect(matches(value, foundation), "values differ for \(show(frame))")
            case (.failure, nil):
                counts.bothReject += 1
            case (.failure(let error), .some):
                guard let reason = explain(error, frame) else {
                    Issue.record("menud rejects what Foundation accepts, for no known reason: \(show(frame)): \(error.message)")
                    continue
                }
                differences[reason, default: 0] += 1
            case (.success(let value), nil):
                Issue.record("menud accepts what Foundation rejects: \(show(frame)) -> \(value.jsonText)")
            }
        }
        // The mutations must exercise both outcomes, or the comparison proves little.
        #expect(counts.bothAccept > 300)
        #expect(counts.bothReject > 3_000)
        #expect(differences[.duplicateKey, default: 0] > 0)
    }

    /// The documented differences, one example each, so that a change in Foundation shows up here.
    @Test func knownDifferencesAreReal() throws {
        let lenientInFoundation: [(frame: [UInt8], difference: Difference)] = [
            (Array(#"{"a":1,"a":2}"#.utf8), .duplicateKey),
            (Array("[1,]".utf8), .trailingComma),
            (Array(#"{"a":1,}"#.utf8), .trailingComma),
            ([0xEF, 0xBB, 0xBF] + Array("1".utf8), .byteOrderMark),
            ([0x31, 0x00], .utf16Or32Guess),
        ]
        for (frame, difference) in lenientInFoundation {
            #expect((try? JSONSerialization.jsonObject(with: Data(frame), options: [.fragmentsAllowed])) != nil)
            guard case .failure(let error) = parseBothWays(frame) else {
                Issue.record("menud accepted \(show(frame))")
                continue
            }
            #expect(explain(error, frame) == difference)
        }
        let keyed = try JSONSerialization.jsonObject(with: Data("{\"\u{FEFF}k\":\"\u{FEFF}v\"}".utf8)) as? [String: Any]
        #expect(keyed?["k"] as? String == "v")
        #expect(try JSONParser.parse("{\"\u{FEFF}k\":\"\u{FEFF}v\"}") == ["\u{FEFF}k": "\u{FEFF}v"])
        let decimal = try JSONSerialization.jsonObject(with: Data("1.7976931348623157e30".utf8), options: [.fragmentsAllowed])
        #expect(decimal is NSDecimalNumber)
        #expect(try JSONParser.parse("1.7976931348623157e30") == .double(1.7976931348623157e30))
    }

    @Test func unmutatedCorpusParsesTheSameAsFoundation() throws {
        for text in Self.corpus {
            let value = try parseBothWays(text).get()
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            #expect(matches(value, foundation), "values differ for \(text)")
            // And our own writer round-trips it.
            #expect(try JSONParser.parse(value.serialized()) == value)
        }
    }

    private func mutate(_ base: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = base
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            case 1 where !bytes.isEmpty:
                bytes.remove(at: position)
            case 2:
                bytes.insert(contentsOf: Self.tokens.randomElement(using: &generator)!, at: position)
            case 3 where !bytes.isEmpty:
                bytes.removeSubrange(position...)
            case 4 where bytes.count > 2:
                let end = min(bytes.count, position + Int.random(in: 1...12, using: &generator))
                bytes.insert(contentsOf: Array(bytes[position..<end]), at: position)
            case 5 where bytes.count > 1:
                let other = Int.random(in: 0..<bytes.count, using: &generator)
                bytes.swapAt(position, other)
            default:
                bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
            }
        }
        return bytes
    }

    /// Why Foundation accepted a frame that menud rejected, if it is one of the known differences.
    private func explain(_ error: JSONParseError, _ frame: [UInt8]) -> Difference? {
        if frame.prefix(4).contains(0) { return .utf16Or32Guess }
        if error.message.hasPrefix("duplicate key") { return .duplicateKey }
        if error.message.hasPrefix("trailing comma") { return .trailingComma }
        if error.message.contains("byte order mark") { return .byteOrderMark }
        return nil
    }

    private func show(_ frame: [UInt8]) -> String {
        String(decoding: frame.prefix(300), as: UTF8.self).debugDescription + " \(Array(frame.prefix(40)))"
    }

    /// Whether our value and Foundation's are the same JSON value.
    private func matches(_ value: JSONValue, _ foundation: Any) -> Bool {
        switch value {
        case .null:
            return foundation is NSNull
        case .bool(let flag):
            guard isBoolean(foundation), let number = foundation as? NSNumber else { return false }
            return number.boolValue == flag
        case .int(let integer):
            guard !isBoolean(foundation), let number = foundation as? NSNumber else { return false }
            if number is NSDecimalNumber { return number.int64Value == integer || number.doubleValue == Double(integer) }
            return number.int64Value == integer || number.doubleValue == Double(integer)
        case .double(let double):
            guard !isBoolean(foundation), let number = foundation as? NSNumber else { return false }
            if number is NSDecimalNumber {
                return abs(number.doubleValue - double) <= abs(double) * 1e-14
            }
            return number.doubleValue == double
        case .string(let string):
            guard let other = foundation as? String else { return false }
            return foundationForm(string) == Array(other.utf8)
        case .array(let elements):
            guard let others = foundation as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { matches($0, $1) }
        case .object(let object):
            guard let others = foundation as? [String: Any], others.count == object.count else { return false }
            var byKey: [[UInt8]: Any] = [:]
            for (key, member) in others { byKey[Array(key.utf8)] = member }
            return object.allSatisfy { key, member in byKey[foundationForm(key)].map { matches(member, $0) } ?? false }
        }
    }

    /// The UTF-8 of `string` as Foundation reports it: without a leading U+FEFF.
    private func foundationForm(_ string: String) -> [UInt8] {
        let bytes = Array(string.utf8)
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private func isBoolean(_ value: Any) -> Bool {
        String(describing: type(of: value)).contains("Boolean")
    }
}
