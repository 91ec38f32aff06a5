import MenudJSON
import Testing
@testable import MenudProtocol

/// What the full parse makes of a line: the decoder's answer without its shortcut.
private func fullDecode(_ line: ArraySlice<UInt8>, maxDepth: Int) -> RPCIncomingItem? {
    guard let value = try? JSONParser.parse(line, maxDepth: maxDepth) else { return nil }
    if case .array = value { return nil }
    return RPCDecoder.decodeItem(value)
}

/// The shortcut for the common request (`decodePlainRequest`) either declines a line or reads
/// it as the full parse does: it never changes an answer.
@Suite struct RPCDecoderPlainRequestTests {
    static let taken = [
        #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"files.get","params":{"path":"bench.txt"}}"#,
        #" { "method" : "files.list" , "params" : { } , "jsonrpc" : "2.0" , "id" : "abc" }  "#,
        "{\"id\":-0,\"jsonrpc\":\"2.0\",\"method\":\"m\"}\r",
        #"{"jsonrpc":"2.0","id":-9223372036854775808,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":9223372036854775807,"method":"m"}"#,
        #"{"jsonrpc":"2.0","method":"note"}"#,
        #"{"jsonrpc":"2.0","id":"","method":"menu.open","params":{"target":{"path":"a\u00e9"},"x":[1,2.5,null,true]}}"#,
    ]

    static let declined = [
        #"{"jsonrpc":"2.0","id":9223372036854775808,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":01,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1.0,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1e3,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":-,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":true,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":"\u0041","method":"m"}"#,
        #"{"jsonrpc":"2.0","id":"é","method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":1,"a":2}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":[1]}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":3}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":""}"#,
        #"{"jsonrpc":"2.0","id":1,"method":7}"#,
        #"{"jsonrpc":"2.00","id":1,"method":"m"}"#,
        #"{"jsonrpc":2.0,"id":1,"method":"m"}"#,
        #"{"id":1,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","extra":1}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m",}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m"} x"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m"}{}"#,
        #"{"jsonrpc":"2.0","id":1,"me\u0074hod":"m"}"#,
        #"{"jsonrpcx":"2.0","id":1,"method":"m"}"#,
        #"{"xjsonrpc":"2.0","id":1,"method":"m"}"#,
        #"{"jsonrpc":"2.0","i":1,"method":"m"}"#,
        #"{"jsonrpc":"2.0","id":1,"methodmethod":"m"}"#,
        #"{"jsonrpc":"2.0","id":1,"méthod":"m"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","par"#,
        #"{"jsonrpc":"2.0","id":1,"method":"m","params"#,
        #"{}"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"m"}]"#,
        "\u{FEFF}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}",
        #"{"jsonrpc":"2.0","id":1,"method":"m""#,
    ]

    @Test(arguments: taken)
    func takesTheCommonRequestAsTheFullParseReadsIt(_ text: String) throws {
        let line = Array(text.utf8)[...]
        let plain = try #require(RPCDecoder.decodePlainRequest(line, maxDepth: JSONParser.defaultMaxDepth))
        #expect(fullDecode(line, maxDepth: JSONParser.defaultMaxDepth) == .request(plain))
    }

    @Test(arguments: declined)
    func leavesEverythingElseToTheFullParse(_ text: String) {
        #expect(RPCDecoder.decodePlainRequest(Array(text.utf8)[...], maxDepth: JSONParser.defaultMaxDepth) == nil)
    }

    @Test func leavesDepthLimitsToTheFullParse() {
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":{"b":1}}}"#.utf8)[...]
        #expect(RPCDecoder.decodePlainRequest(line, maxDepth: 0) == nil)
        #expect(RPCDecoder.decodePlainRequest(line, maxDepth: 2) == nil)
        #expect(RPCDecoder.decodePlainRequest(line, maxDepth: 3) != nil)
        #expect(fullDecode(line, maxDepth: 2) == nil)
        #expect(fullDecode(line, maxDepth: 3) != nil)
    }

    /// Every method of the protocol, names that share their first 8 or 16 bytes or differ only
    /// in length, and names too long to be packed: each is read as spelled.
    static let methodNames = RPCDecoder.methodNames + [
        "daemon.statu", "daemon.statuss", "daemon.s", "daemon.status.", "menu.dismisse", "menu.dismissed!",
        "files.ge", "files.get2", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqr", "x",
    ]

    @Test(arguments: methodNames)
    func readsEveryMethodNameAsSpelled(_ name: String) throws {
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"\#(name)"}"#.utf8)[...]
        let plain = try #require(RPCDecoder.decodePlainRequest(line, maxDepth: JSONParser.defaultMaxDepth))
        #expect(plain.method == name)
        #expect(fullDecode(line, maxDepth: JSONParser.defaultMaxDepth) == .request(plain))
    }

    /// A method followed by params leaves sixteen bytes to read as two words; one at the end of
    /// the line leaves fewer, read byte by byte.
    @Test(arguments: methodNames)
    func readsEveryMethodNameBeforeParamsAsSpelled(_ name: String) throws {
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"\#(name)","params":{"path":"a/b.txt"}}"#.utf8)[...]
        let plain = try #require(RPCDecoder.decodePlainRequest(line, maxDepth: JSONParser.defaultMaxDepth))
        #expect(plain.method == name)
        #expect(fullDecode(line, maxDepth: JSONParser.defaultMaxDepth) == .request(plain))
    }

    /// Lines as the framer hands them over, slices of a read that do not start at 0, and lines
    /// with one byte changed, dropped or cut off: the shortcut reads each as the full parse does
    /// or declines it.
    @Test func neverReadsAMutatedLineOtherwiseThanTheFullParse() {
        let replacements: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x3A, 0x2C, 0x20, 0x00, 0x0A, 0x1F, 0x7F, 0x80, 0xFF, 0x31, 0x61]
        var taken = 0
        for text in Self.taken + Self.declined {
            let bytes = Array(text.utf8)
            var variants: [[UInt8]] = [bytes]
            for index in bytes.indices {
                for replacement in replacements {
                    var changed = bytes
                    changed[index] = replacement
                    variants.append(changed)
                }
                var shorter = bytes
                shorter.remove(at: index)
                variants.append(shorter)
                variants.append(Array(bytes[..<index]))
            }
            for variant in variants {
                for offset in [0, 1, 5] {
                    let read = [UInt8](repeating: 0x0A, count: offset) + variant + [0x0A]
                    let line = read[offset..<(read.count - 1)]
                    guard let plain = RPCDecoder.decodePlainRequest(line, maxDepth: JSONParser.defaultMaxDepth) else { continue }
                    taken += 1
                    #expect(fullDecode(line, maxDepth: JSONParser.defaultMaxDepth) == .request(plain), "\(String(decoding: variant, as: UTF8.self))")
                }
            }
        }
        #expect(taken > 1000, "the mutations leave many lines the shortcut takes")
    }

    @Test func packsNamesOfDifferentBytesOrLengthsApart() {
        let names = Self.methodNames.filter { $0.utf8.count <= PackedMethodName.longest }
        for (index, name) in names.enumerated() {
            let packed = PackedMethodName(name)
            for other in names[(index + 1)...] {
                let second = PackedMethodName(other)
                #expect(packed.low != second.low || packed.high != second.high || packed.count != second.count, "\(name) and \(other)")
            }
        }
        for name in RPCDecoder.methodNames {
            #expect(PackedMethodName(name).knownName() == name, "every method is recognized without a new string")
        }
        for name in Self.methodNames where !RPCDecoder.methodNames.contains(name) {
            #expect(PackedMethodName(name).knownName() == nil, "\(name) is no method of the protocol")
        }
    }
}
