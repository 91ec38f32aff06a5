import Foundation

/// Makes fuzz frames out of real requests: well-formed ones with junk params, and every way a
/// line can be wrong (wrong types, missing and duplicate keys, truncated or invalid UTF-8, deep
/// nesting, huge numbers and strings, junk batches, blank lines, random damage), each with the
/// answer the protocol requires. Frames are cut into several writes at varying offsets.
struct FuzzFrameGenerator {
    var random: FuzzRandom
    private let connection: Int
    private let paths: [String]
    private var serial = 0

    /// Methods whose answers come at once (nothing deferred), so answers stay in order.
    static let methods = ["daemon.status", "files.list", "files.get", "subscribe", "unsubscribe",
                          "menu.cancel", "menu.select", "no.such.method", "FILES.LIST", "files.list ", "daemon"]

    init(seed: UInt64, connection: Int, paths: [String]) {
        random = FuzzRandom(seed: seed &+ UInt64(connection) &* 0x1000_0001)
        self.connection = connection
        self.paths = paths
    }

    /// The sentinel sent after frame `serial`: its answer closes that frame's answers.
    func sentinel(for serial: Int) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":"\#(sentinelID(serial))","method":"fuzz.sentinel"}"#.utf8) + [0x0A]
    }

    func sentinelID(_ serial: Int) -> String { "s\(connection)-\(serial)" }

    var lastSerial: Int { serial }

    mutating func next() -> FuzzFrame {
        serial += 1
        var frame: FuzzFrame
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<20: frame = validRequest()
        case 20..<27: frame = notification()
        case 27..<35: frame = brokenEnvelope()
        case 35..<39: frame = brokenNotification()
        case 39..<44: frame = badId()
        case 44..<52: frame = notJSON()
        case 52..<58: frame = invalidUTF8()
        case 58..<62: frame = deepNesting()
        case 62..<66: frame = hugeNumber()
        case 66..<68: frame = hugeString()
        case 68..<73: frame = duplicateKeys()
        case 73..<84: frame = batch()
        case 84..<87: frame = blank()
        default: frame = damaged()
        }
        frame.bytes += random.chance(15) ? [0x0D, 0x0A] : [0x0A]
        frame.splits = splits(count: frame.bytes.count)
        return frame
    }

    // MARK: Pieces

    mutating func newID() -> FuzzID {
        serial % 3 == 0 ? .string("c\(connection)-\(serial)-\(Int.random(in: 0..<1000, using: &random))")
            : .int(Int64(connection) * 1_000_000_000 + Int64(serial) * 16 + Int64.random(in: 0..<16, using: &random))
    }

    /// The id as JSON, sometimes written as an integral float (`7.0`, `7e0`), which is the same id.
    mutating func idText(_ id: FuzzID) -> String {
        guard case .int(let value) = id, random.chance(15) else { return id.json }
        return random.chance(50) ? "\(value).0" : "\(value)e0"
    }

    mutating func space() -> String {
        random.chance(90) ? "" : random.pick([" ", "  ", "\t", " \r ", "\r"])
    }

    /// An object from `members` (already "key":value texts), in random order.
    mutating func object(_ members: [String]) -> String {
        let shuffled = members.shuffled(using: &random)
        return "{" + space() + shuffled.joined(separator: space() + "," + space()) + space() + "}"
    }

    mutating func envelope(id: FuzzID?, method: String, params: String?, version: String = #""2.0""#) -> String {
        var members = [#""jsonrpc":"# + version, #""method":"# + jsonString(method)]
        if let id { members.append(#""id":"# + idText(id)) }
        if let params { members.append(#""params":"# + params) }
        if random.chance(5) { members.append(#""extra":"# + value(depth: 1)) }
        return object(members)
    }

    private func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20: out += String(format: "\\u%04x", s.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private mutating func stringValue() -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return #""""#
        case 1: return #""caf\u00e9 \ud83d\ude00 \"quoted\" back\\slash \/ \b\f\n\r\t""#
        case 2: return jsonString("日本語 ファイル 😀 é")
        case 3: return jsonString(random.pick(paths))
        case 4: return jsonString("../" + random.pick(paths))
        case 5: return jsonString("/etc/passwd")
        case 6: return jsonString(String(repeating: "ab/", count: Int.random(in: 1..<200, using: &random)))
        case 7: return jsonString(random.pick(["*", "**", "**/*.txt", "[", "[!a-", "*?*?*?*?*?*?*?*?*?*?*?*?*?*?b", "\\"]))
        case 8: return #""\u0000 nul""#
        default: return jsonString("word\(Int.random(in: 0..<100, using: &random))")
        }
    }

    private mutating func numberValue() -> String {
        random.pick(["0", "-0", "1", "-1", "7", "1.5", "-2.25e3", "1e9", "9223372036854775807", "-9223372036854775808",
                     "9223372036854775808", "123456789012345678901234567890", "1e308", "4.9e-324", "0.000001", "2147483648"])
    }

    /// Any JSON value, nested at most `depth` more levels.
    private mutating func value(depth: Int) -> String {
        let roll = Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &random)
        switch roll {
        case 0: return random.pick(["true", "false", "null"])
        case 1, 2: return numberValue()
        case 3, 4, 5: return stringValue()
        case 6, 7:
            let count = Int.random(in: 0..<4, using: &random)
            var members: [String] = []
            for index in 0..<count { members.append(jsonString(random.pick(["path", "state", "glob", "limit", "k\(index)", "events", "menu"])) + ":" + value(depth: depth - 1)) }
            // A duplicate key would change the expectation; keep keys unique here.
            var seen = Set<String>()
            members = members.filter { seen.insert(String($0.prefix { $0 != ":" })).inserted }
            return object(members)
        default:
            let count = Int.random(in: 0..<4, using: &random)
            return "[" + (0..<count).map { _ in value(depth: depth - 1) }.joined(separator: ",") + "]"
        }
    }

    /// Params for `method`: plausible ones with wrong types mixed in, or junk.
    mutating func params(for method: String) -> String? {
        if random.chance(15) { return nil }
        if random.chance(25) {
            // Junk params, but an object: other kinds change the expectation (see brokenEnvelope).
            let junk = value(depth: 2)
            return junk.hasPrefix("{") ? junk : "{}"
        }
        var members: [String] = []
        func maybe(_ key: String, _ make: (inout FuzzFrameGenerator) -> String) {
            if random.chance(55) { members.append(jsonString(key) + ":" + make(&self)) }
        }
        switch method {
        case "files.list":
            maybe("state") { $0.random.pick([#""ready""#, #""pending""#, #""expired""#, #""bogus""#, "5", "null", "[\"ready\"]"]) }
            maybe("glob") { $0.stringValue() }
            maybe("offset") { $0.numberValue() }
            maybe("limit") { $0.numberValue() }
            maybe("since") { $0.random.pick([#""x:1""#, #""abc""#, #""""#, "1", #""k3v9x2ab:1734""#]) }
        case "files.get":
            maybe("path") { $0.random.chance(70) ? $0.stringValue() : $0.value(depth: 1) }
            maybe("pathBase64") { $0.random.pick([#""YS50eHQ=""#, #""!!!""#, #""""#, "7", #""Li4vZXRjL3Bhc3N3ZA==""#]) }
        case "subscribe", "unsubscribe":
            maybe("events") { $0.random.pick([#"["files"]"#, #"["menus","files"]"#, #""files""#, "[1]", #"["bogus"]"#, "[]", "null"]) }
        case "menu.cancel", "menu.select":
            maybe("menu") { $0.random.pick([#""m-nope""#, "1", #""""#, "null"]) }
            maybe("item") { $0.random.pick([#""i1""#, "2", #""""#]) }
        default:
            break
        }
        if random.chance(10) { members.append(#""unexpected":"# + value(depth: 1)) }
        return object(members)
    }


    /// Where to cut the line into writes: most lines whole, many at one offset (cycling through
    /// every offset of the line over the run), some in several pieces.
    private mutating func splits(count: Int) -> [Int] {
        guard count > 1 else { return [] }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<60: return []
        case 60..<85: return [1 + serial % (count - 1)]
        default:
            let pieces = Int.random(in: 2...min(6, count), using: &random)
            return Array(Set((1..<pieces).map { _ in Int.random(in: 1..<count, using: &random) })).sorted()
        }
    }
}
