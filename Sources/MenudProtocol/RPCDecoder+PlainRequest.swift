import MenudJSON

/// The request nearly every line is: one object of `"jsonrpc": "2.0"`, `"method"`, an optional
/// integer or string `"id"` and optional object `"params"`, keys and strings without escapes.
/// Read straight from its bytes, only `params` becomes a tree: building the envelope as a
/// `JSONObject` and looking its members up again cost more than the rest of a `daemon.status`.
///
/// Anything else (another member, an escape, a number with a fraction, a duplicate key, an
/// error anywhere) gives nil and the line goes through the full parse, whose answers (and
/// error texts) are therefore unchanged: this path only ever accepts lines the full parse turns
/// into the same request.
extension RPCDecoder {
    static func decodePlainRequest(_ line: ArraySlice<UInt8>, maxDepth: Int) -> RPCRequest? {
        // The envelope is one container: a limit that refuses it is the full parse's to report.
        guard maxDepth >= 1 else { return nil }
        let end = line.endIndex
        var at = JSONParser.skipWhitespace(line, from: line.startIndex)
        guard at < end, line[at] == openBrace else { return nil }
        at = JSONParser.skipWhitespace(line, from: at + 1)
        var seen: UInt8 = 0
        var id: RPCId?
        var method = ""
        var params = JSONObject()
        while true {
            guard at < end, line[at] == quote, let (member, keyEnd) = memberName(line, from: at + 1),
                  seen & member == 0 else { return nil }
            seen |= member
            at = JSONParser.skipWhitespace(line, from: keyEnd + 1)
            guard at < end, line[at] == colon else { return nil }
            at = JSONParser.skipWhitespace(line, from: at + 1)
            guard at < end else { return nil }
            switch member {
            case jsonrpcBit:
                guard end - at >= 5, line[at] == quote, line[at + 1] == UInt8(ascii: "2"), line[at + 2] == UInt8(ascii: "."),
                      line[at + 3] == UInt8(ascii: "0"), line[at + 4] == quote else { return nil }
                at += 5
            case idBit:
                if line[at] == quote {
                    guard let close = JSONParser.plainStringEnd(line, from: at + 1) else { return nil }
                    id = .string(String(decoding: line[(at + 1)..<close], as: UTF8.self))
                    at = close + 1
                } else {
                    guard let number = plainInteger(line, from: at) else { return nil }
                    id = .int(number.value)
                    at = number.end
                }
            case methodBit:
                guard line[at] == quote, let (name, close) = plainMethod(line, from: at + 1) else { return nil }
                method = name
                at = close + 1
            default:
                guard line[at] == openBrace else { return nil }
                // Most params are a few plain strings; an object one level down needs a depth of 2.
                if maxDepth >= 2, let plain = JSONParser.parsePlainStringObject(in: line, at: at, known: knownStrings) {
                    params = plain.object
                    at = plain.end
                } else {
                    guard let parsed = try? JSONParser.parseValue(in: line, at: at, depth: 1, maxDepth: maxDepth, known: knownStrings),
                          case .object(let object) = parsed.value else { return nil }
                    params = object
                    at = parsed.end
                }
            }
            at = JSONParser.skipWhitespace(line, from: at)
            guard at < end else { return nil }
            if line[at] == comma {
                at = JSONParser.skipWhitespace(line, from: at + 1)
                continue
            }
            guard line[at] == closeBrace, JSONParser.skipWhitespace(line, from: at + 1) == end,
                  seen & (jsonrpcBit | methodBit) == jsonrpcBit | methodBit else { return nil }
            return RPCRequest(id: id, method: method, params: params)
        }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    private static let colon = UInt8(ascii: ":")
    private static let comma = UInt8(ascii: ",")
    private static let jsonrpcBit: UInt8 = 1
    private static let idBit: UInt8 = 2
    private static let methodBit: UInt8 = 4
    private static let paramsBit: UInt8 = 8

    /// The method named by the plain string starting at `start` (after its opening quote) and
    /// the index of its closing quote; nil for an empty or any other string. A method the daemon
    /// knows is recognized from the bytes packed while they are scanned (``PackedMethodName``).
    private static func plainMethod(_ line: ArraySlice<UInt8>, from start: Int) -> (name: String, end: Int)? {
        var packed = PackedMethodName()
        var at = start
        // Eight bytes at a time while eight are left (``ByteScan``), then byte by byte.
        while packed.count < PackedMethodName.longest, let word = ByteScan.word(in: line, at: at) {
            let stops = ByteScan.plainStringStops(in: word)
            guard stops != 0 else {
                packed.append(word: word, count: 8)
                at &+= 8
                continue
            }
            let stop = ByteScan.firstFlagged(stops)
            packed.append(word: ByteScan.prefix(word, count: stop), count: stop)
            at &+= stop
            guard line[at] == quote else { return nil }
            return methodName(packed, line, from: start, to: at)
        }
        while at < line.endIndex {
            let byte = line[at]
            if byte == quote { return methodName(packed, line, from: start, to: at) }
            guard JSONParser.isPlainStringByte(byte) else { return nil }
            packed.append(byte)
            at += 1
        }
        return nil
    }

    /// The method named by `line[start..<end]`, whose bytes `packed` holds, and `end`; nil when
    /// it is empty.
    private static func methodName(_ packed: PackedMethodName, _ line: ArraySlice<UInt8>, from start: Int, to end: Int) -> (name: String, end: Int)? {
        guard end > start else { return nil }
        return (packed.knownName() ?? String(decoding: line[start..<end], as: UTF8.self), end)
    }

    /// Which envelope member the key starting at `start` (after its opening quote) names, and
    /// the index of its closing quote; nil for any other key. The key's bytes are read into one
    /// integer as they are scanned, first byte highest, and compared with the names' spelled so:
    /// the key is walked once, and no array of a name's bytes is looked up and compared.
    ///
    /// Where eight bytes are left (always, but at a line's very end) they are read as one word
    /// and the key found in it (``ByteScan``); the byte loop reads the rest.
    private static func memberName(_ line: ArraySlice<UInt8>, from start: Int) -> (bit: UInt8, end: Int)? {
        // The longest name has 7 bytes: a quote must come by the 8th.
        if let word = ByteScan.word(in: line, at: start) {
            let quotes = ByteScan.matches(of: quote, in: word)
            guard quotes != 0 else { return nil }
            let count = ByteScan.firstFlagged(quotes)
            guard count > 0 else { return nil }
            // First byte highest, as the names are spelled below.
            let key = ByteScan.prefix(word, count: count).byteSwapped &>> UInt64(truncatingIfNeeded: 64 &- count &* 8)
            return member(key).map { ($0, start &+ count) }
        }
        var key: UInt64 = 0
        var at = start
        let limit = min(line.endIndex, start + 8)
        while at < limit {
            let byte = line[at]
            if byte == quote { return member(key).map { ($0, at) } }
            key = key << 8 | UInt64(byte)
            at += 1
        }
        return nil
    }

    /// The envelope member whose name's bytes `key` holds, first byte highest.
    @inline(__always)
    private static func member(_ key: UInt64) -> UInt8? {
        switch key {
        case 0x69_64: idBit  // "id"
        case 0x6D_65_74_68_6F_64: methodBit  // "method"
        case 0x70_61_72_61_6D_73: paramsBit  // "params"
        case 0x6A_73_6F_6E_72_70_63: jsonrpcBit  // "jsonrpc"
        default: nil
        }
    }

    /// An integer literal as the parser reads one into `.int`: an optional minus, digits without
    /// a leading zero, within `Int64`, and no fraction or exponent after it; nil otherwise.
    private static func plainInteger(_ line: ArraySlice<UInt8>, from start: Int) -> (value: Int64, end: Int)? {
        var at = start
        let negative = line[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        let digitsStart = at
        // Accumulated negatively, as the parser does, so that Int64.min fits.
        var accumulated: Int64 = 0
        while at < line.endIndex, line[at] >= 0x30, line[at] <= 0x39 {
            let (times10, overflow1) = accumulated.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(Int64(line[at] &- 0x30))
            guard !overflow1, !overflow2 else { return nil }
            accumulated = next
            at += 1
        }
        guard at > digitsStart, line[digitsStart] != 0x30 || at == digitsStart + 1 else { return nil }
        if at < line.endIndex, line[at] == UInt8(ascii: ".") || line[at] == UInt8(ascii: "e") || line[at] == UInt8(ascii: "E") {
            return nil
        }
        if negative { return (accumulated, at) }
        guard accumulated != .min else { return nil }
        return (-accumulated, at)
    }
}
