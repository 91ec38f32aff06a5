import Foundation

/// Each kind of frame, with the answer the protocol requires for it.
extension FuzzFrameGenerator {
    // MARK: Frame kinds

    mutating func validRequest() -> FuzzFrame {
        let id = newID()
        let method = random.pick(FuzzFrameGenerator.methods)
        return FuzzFrame(bytes: Array(envelope(id: id, method: method, params: params(for: method)).utf8), splits: [],
                         expectation: .answer(id), kind: "request \(method)")
    }

    mutating func notification() -> FuzzFrame {
        let method = random.pick(FuzzFrameGenerator.methods + ["daemon.status"])
        var params = params(for: method)
        if random.chance(10) { params = "[1,2]" }  // positional params in a notification: dropped
        return FuzzFrame(bytes: Array(envelope(id: nil, method: method, params: params).utf8), splits: [],
                         expectation: .nothing, kind: "notification \(method)")
    }

    /// A request with a readable id and something else wrong: -32600 (or -32602 for array params).
    mutating func brokenEnvelope() -> FuzzFrame {
        let id = newID()
        let idMember = #""id":"# + idText(id)
        let variants: [(String, Set<Int>)] = [
            (object([idMember, #""method":"daemon.status""#]), [-32600]),
            (object([idMember, #""jsonrpc":"1.0","method":"daemon.status""#]), [-32600]),
            (object([idMember, #""jsonrpc":2.0,"method":"daemon.status""#]), [-32600]),
            (object([idMember, #""jsonrpc":null,"method":"daemon.status""#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0""#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":5"#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":"""#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":["files.list"]"#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":"files.list","params":"all""#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":"files.list","params":7"#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":"files.list","params":true"#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":"files.list","params":null"#]), [-32600]),
            (object([idMember, #""jsonrpc":"2.0","method":"files.get","params":["a.txt"]"#]), [-32602]),
        ]
        let (text, codes) = random.pick(variants)
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .answer(id, codes: codes), kind: "broken envelope")
    }

    /// No id and something wrong: the daemon answers with id null.
    mutating func brokenNotification() -> FuzzFrame {
        let text = random.pick([
            #"{"method":"daemon.status"}"#, #"{"jsonrpc":"2.1","method":"daemon.status"}"#,
            #"{"jsonrpc":"2.0"}"#, #"{"jsonrpc":"2.0","method":null}"#, #"{"jsonrpc":"2.0","method":{}}"#,
            #"{"jsonrpc":"2.0","method":"files.list","params":"x"}"#, "{}", "5", #""just a string""#, "null", "true",
        ])
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .nullError([-32600]), kind: "broken notification")
    }

    /// An id of the wrong type or out of range: -32600 with id null.
    mutating func badId() -> FuzzFrame {
        let id = random.pick(["{}", #"{"n":1}"#, "[]", "[1]", "true", "false", "null", "1.5", "-0.25", "1e300",
                              "9223372036854775808", "123456789012345678901234567890", "-9.3e18"])
        let text = object([#""jsonrpc":"2.0""#, #""method":"daemon.status""#, #""id":"# + id])
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .nullError([-32600]), kind: "bad id \(id)")
    }

    /// Not JSON at all, or JSON cut short, or trailing garbage: -32700.
    mutating func notJSON() -> FuzzFrame {
        let id = newID()
        let request = envelope(id: id, method: "daemon.status", params: nil)
        let text: String
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            text = random.pick(["hello", "{", "}", "[", "]", "{\"jsonrpc\"", "nul", "tru", "[1,]", #"{"a":1,}"#, "'single'",
                                "{a:1}", "{\"a\" 1}", "{\"a\":}", "01", "+1", ".5", "1.", "\"unterminated", "\u{7F}x",
                                #"{"a":"\x"}"#, #"{"a":"\u12"}"#, "NaN", "Infinity", "[1 2]", "{}{}", "[][]"])
        case 1:
            let bytes = Array(request.utf8)
            let cut = Int.random(in: 1..<bytes.count, using: &random)
            // A cut that leaves only whitespace would be a blank line; keep a non-blank prefix.
            text = String(decoding: bytes[..<cut], as: UTF8.self)
            if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return notJSON() }
        case 2: text = request + " x"
        case 3: text = request + request
        case 4: text = request + ","
        default: text = "[" + request
        }
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .nullError([-32700]), kind: "not JSON")
    }

    /// Bytes that are not UTF-8 inside a string, or a sequence cut off at the end: -32700.
    mutating func invalidUTF8() -> FuzzFrame {
        let bad: [UInt8] = random.pick([[0xFF], [0xFE], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xE0, 0x80, 0xAF],
                                        [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xBF, 0xBF], [0xF8, 0x88, 0x80, 0x80, 0x80]])
        let id = newID()
        var bytes: [UInt8]
        if random.chance(30) {
            // Truncated at the end of the line: a valid request prefix ending inside a character.
            bytes = Array(#"{"jsonrpc":"2.0","id":"#.utf8) + Array(id.json.utf8) + Array(#","method":"files.get","params":{"path":"caf"#.utf8) + bad
        } else {
            let text = envelope(id: id, method: "files.get", params: #"{"path":"MARK"}"#)
            bytes = []
            let marker = Array("MARK".utf8)
            var index = 0
            let all = Array(text.utf8)
            while index < all.count {
                if all[index...].starts(with: marker) {
                    bytes += Array("ab".utf8) + bad + Array("cd".utf8)
                    index += marker.count
                } else {
                    bytes.append(all[index])
                    index += 1
                }
            }
        }
        return FuzzFrame(bytes: bytes, splits: [], expectation: .nullError([-32700]), kind: "invalid UTF-8 \(bad)")
    }

    /// Nesting past the parser's limit (128) is -32700; shallower nesting is a normal request.
    mutating func deepNesting() -> FuzzFrame {
        let id = newID()
        let chosenDepth = random.chance(30) ? Int.random(in: 1...100, using: &random)
            : random.chance(90) ? Int.random(in: 129...5000, using: &random) : Int.random(in: 50_000...200_000, using: &random)
        let open = random.chance(50) ? "[" : #"{"k":"#
        // Deep object nesting costs 6 bytes a level: keep the line under maxFrameBytes (1 MiB).
        let depth = open == "[" ? chosenDepth : min(chosenDepth, 150_000)
        let close = open == "[" ? "]" : "}"
        let nested = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
        let text = envelope(id: id, method: "daemon.status", params: #"{"deep":"# + nested + "}")
        // The params object and the envelope add two levels.
        let expectation: FuzzExpectation = depth + 2 <= 128 ? .answer(id) : .nullError([-32700])
        if random.chance(10) {
            // Never closed: always an error.
            return FuzzFrame(bytes: Array((String(repeating: "[", count: depth + 130)).utf8), splits: [],
                             expectation: .nullError([-32700]), kind: "unclosed nesting")
        }
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: expectation, kind: "nesting \(depth)")
    }

    /// Numbers outside Double's range are -32700; large ones inside it are values like others.
    mutating func hugeNumber() -> FuzzFrame {
        let id = newID()
        if random.chance(50) {
            let number = random.pick(["1e400", "-1e400", "1" + String(repeating: "0", count: 400),
                                      "-" + String(repeating: "9", count: 500), "1e99999999999"])
            let text = envelope(id: id, method: "files.list", params: #"{"limit":"# + number + "}")
            return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .nullError([-32700]), kind: "number out of range")
        }
        let number = random.pick(["123456789012345678901234567890", "1e300", "-1e300", "0." + String(repeating: "0", count: 300) + "1",
                                  "1" + String(repeating: "0", count: 300), "4.9e-324"])
        let text = envelope(id: id, method: "files.list", params: #"{"offset":"# + number + "}")
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .answer(id), kind: "huge number in range")
    }

    /// Long strings in every position (kept well under maxFrameBytes).
    mutating func hugeString() -> FuzzFrame {
        let id = newID()
        let long = String(repeating: random.pick(["a", "é", "😀", "\\n", "\\u0041"]), count: Int.random(in: 1000...16_000, using: &random))
        let text: String
        switch Int.random(in: 0..<3, using: &random) {
        case 0: text = envelope(id: id, method: "files.get", params: #"{"path":""# + long + #""}"#)
        case 1: text = envelope(id: id, method: "x" + long.prefix(4000).filter { $0 != "\\" }, params: nil)
        default: text = envelope(id: id, method: "files.list", params: #"{"glob":""# + long + #""}"#)
        }
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .answer(id), kind: "huge string")
    }

    /// A key given twice, in the envelope or in params: one answer, with the id (when the
    /// daemon reads it) or null.
    mutating func duplicateKeys() -> FuzzFrame {
        let id = newID()
        let other = newID()
        let text: String
        var ids: Set<FuzzID> = [id, .null]
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            text = object([#""jsonrpc":"2.0""#, #""method":"daemon.status""#, #""id":"# + id.json, #""id":"# + other.json])
            ids.insert(other)
        case 1: text = object([#""jsonrpc":"2.0""#, #""method":"daemon.status""#, #""method":"files.list""#, #""id":"# + id.json])
        case 2: text = object([#""jsonrpc":"2.0""#, #""jsonrpc":"2.0""#, #""method":"daemon.status""#, #""id":"# + id.json])
        default: text = envelope(id: id, method: "files.get", params: #"{"path":"a.txt","path":"b.txt"}"#)
        }
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: .oneOf(ids), kind: "duplicate keys")
    }

    /// A batch of requests, notifications and junk: one array with an answer for each element
    /// that needs one, in order; nothing when all are notifications; an empty batch is -32600.
    mutating func batch() -> FuzzFrame {
        if random.chance(8) {
            return FuzzFrame(bytes: Array(random.pick(["[]", "[ ]", "[\t]"]).utf8), splits: [],
                             expectation: .nullError([-32600]), kind: "empty batch")
        }
        var elements: [String] = []
        var ids: [FuzzID] = []
        for _ in 0..<Int.random(in: 1...12, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                let id = newID()
                let method = random.pick(FuzzFrameGenerator.methods)
                elements.append(envelope(id: id, method: method, params: params(for: method)))
                ids.append(id)
            case 2:
                let method = random.pick(FuzzFrameGenerator.methods)
                elements.append(envelope(id: nil, method: method, params: params(for: method)))
            case 3:
                let id = newID()
                elements.append(object([#""id":"# + id.json, #""jsonrpc":"1.0""#, #""method":"x""#]))
                ids.append(id)
            case 4:
                elements.append(random.pick(["1", #""s""#, "null", "true", "[]", "[1]", #"[{"jsonrpc":"2.0","id":1,"method":"x"}]"#]))
                ids.append(.null)
            default:
                elements.append(object([#""jsonrpc":"2.0""#, #""method":"daemon.status""#, #""id":"# + random.pick(["{}", "1.5", "false"])]))
                ids.append(.null)
            }
        }
        let text = "[" + elements.joined(separator: "," + space()) + "]"
        return FuzzFrame(bytes: Array(text.utf8), splits: [], expectation: ids.isEmpty ? .nothing : .batch(ids),
                         kind: "batch of \(elements.count)")
    }

    mutating func blank() -> FuzzFrame {
        FuzzFrame(bytes: Array(random.pick(["", " ", "\t", "  \t ", "\r", " \r"]).utf8), splits: [], expectation: .nothing, kind: "blank")
    }

    /// A real request with random bytes changed, inserted, removed or repeated: at most one
    /// answer, any id (the damage may have changed it).
    mutating func damaged() -> FuzzFrame {
        let method = random.pick(FuzzFrameGenerator.methods)
        var bytes = Array(envelope(id: newID(), method: method, params: params(for: method)).utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            var byte = UInt8.random(in: 0...255, using: &random)
            if byte == 0x0A { byte = 0x0B }
            switch Int.random(in: 0..<5, using: &random) {
            case 0: bytes[at] = byte
            case 1: bytes.insert(byte, at: at)
            case 2: bytes.remove(at: at)
            case 3:
                let end = min(bytes.count, at + Int.random(in: 1...20, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            default: bytes = Array(bytes[..<max(1, at)])
            }
        }
        return FuzzFrame(bytes: bytes, splits: [], expectation: .atMostOne, kind: "damaged")
    }
}
