// Codec benchmark: compiled together with Sources/MenudJSON, MenudProtocol and MenudCore into one optimized binary by
// run.sh (so no imports). Prints ns per operation, best of several rounds, and the
// ratio to Foundation's JSONDecoder/JSONEncoder measured in the same run.
import Foundation

let request = #"{"jsonrpc":"2.0","id":42,"method":"menu.open","params":{"target":{"path":"videos/intro.mp4"},"layout":{"viewport":{"cols":120,"rows":40}}}}"#
let requestBytes = Array(request.utf8)

struct FoundationRequest: Codable {
    struct Params: Codable {
        struct Target: Codable { var path: String }
        struct Layout: Codable {
            struct Viewport: Codable { var cols: Int; var rows: Int }
            var viewport: Viewport
        }
        var target: Target
        var layout: Layout
    }
    var jsonrpc: String
    var id: Int
    var method: String
    var params: Params
}

struct FileRecord: Codable {
    var path = "videos/2025-06/intro-final-cut.mp4"
    var size: Int64 = 2_400_000
    var sizeText = "2.4 MB"
    var state = "ready"
    var mtimeMs: Int64 = 1_764_500_000_000
    var readyAtMs: Int64 = 1_764_500_002_000
    var expiresAtMs: Int64 = 1_765_104_802_000
    var reason = "unchanged for 2 s"
    var clock = "a41c9e07-0000002a"
}

struct FoundationReply: Codable {
    var jsonrpc = "2.0"
    var id = 42
    var result = FileRecord()
}

let file = FileRecord()

func writeFile(_ writer: inout JSONWriter) {
    writer.beginObject()
    writer.field("path", file.path)
    writer.field("size", file.size)
    writer.field("sizeText", file.sizeText)
    writer.field("state", file.state)
    writer.field("mtimeMs", file.mtimeMs)
    writer.field("readyAtMs", file.readyAtMs)
    writer.field("expiresAtMs", file.expiresAtMs)
    writer.field("reason", file.reason)
    writer.field("clock", file.clock)
    writer.endObject()
}

func fileValue() -> JSONValue {
    [
        "path": .string(file.path), "size": .int(file.size), "sizeText": .string(file.sizeText),
        "state": .string(file.state), "mtimeMs": .int(file.mtimeMs), "readyAtMs": .int(file.readyAtMs),
        "expiresAtMs": .int(file.expiresAtMs), "reason": .string(file.reason), "clock": .string(file.clock),
    ]
}

var sink = 0

/// Best-of-rounds nanoseconds per call of `body`.
func measure(_ name: String, iterations: Int, rounds: Int = 7, _ body: () -> Int) -> Double {
    for _ in 0..<(iterations / 10) { sink &+= body() }
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for _ in 0..<iterations { sink &+= body() }
        let elapsed = ContinuousClock.now - start
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, ns / Double(iterations))
    }
    print(name.padding(toLength: 58, withPad: " ", startingAt: 0), String(format: "%9.1f ns/op", best))
    return best
}

// Sanity: both sides produce what they should before timing anything.
var replyBuffer: [UInt8] = []
RPCEncoder.result(id: .int(42), into: &replyBuffer) { writeFile(&$0) }
let foundationReply = try! JSONEncoder().encode(FoundationReply())
guard case .single(.request(let decoded)) = RPCDecoder.decode(line: requestBytes[...]),
      decoded.method == "menu.open", decoded.params["target"]?["path"] == "videos/intro.mp4" else {
    fatalError("the request did not decode as expected")
}
print("request: \(requestBytes.count) bytes; reply: \(replyBuffer.count - 1) bytes (JSONEncoder: \(foundationReply.count) bytes)")
print(String(decoding: replyBuffer, as: UTF8.self), terminator: "")

let quick = CommandLine.arguments.contains("--quick")
let n = quick ? 20_000 : 200_000
let slowN = quick ? 2_000 : 20_000

print("\n-- parse a \(requestBytes.count)-byte request")
let parse = measure("JSONParser.parse -> JSONValue", iterations: n) {
    (try? JSONParser.parse(requestBytes[...])) == nil ? 0 : 1
}
let rpcDecode = measure("RPCDecoder.decode(line:) (parse + JSON-RPC checks)", iterations: n) {
    if case .single(.request(let request)) = RPCDecoder.decode(line: requestBytes[...]) { return request.params.count }
    return 0
}
let decoder = JSONDecoder()
let requestData = Data(requestBytes)
let foundationDecode = measure("JSONDecoder -> Codable struct (baseline)", iterations: slowN) {
    (try? decoder.decode(FoundationRequest.self, from: requestData))?.id ?? 0
}
let foundationDecodeValue = measure("JSONDecoder -> JSONValue via Codable", iterations: slowN) {
    (try? decoder.decode(JSONValue.self, from: requestData)) == nil ? 0 : 1
}
let serializationDecode = measure("JSONSerialization.jsonObject", iterations: slowN) {
    (try? JSONSerialization.jsonObject(with: requestData)) == nil ? 0 : 1
}

print("\n-- serialize a \(replyBuffer.count - 1)-byte reply")
var buffer: [UInt8] = []
buffer.reserveCapacity(1024)
let streamed = measure("RPCEncoder.result streaming with JSONWriter", iterations: n) {
    buffer.removeAll(keepingCapacity: true)
    RPCEncoder.result(id: .int(42), into: &buffer) { writeFile(&$0) }
    return buffer.count
}
let prebuilt = fileValue()
let fromValue = measure("RPCEncoder.result of a prebuilt JSONValue", iterations: n) {
    buffer.removeAll(keepingCapacity: true)
    RPCEncoder.result(id: .int(42), prebuilt, into: &buffer)
    return buffer.count
}
let buildAndWrite = measure("build the JSONValue, then RPCEncoder.result", iterations: n) {
    buffer.removeAll(keepingCapacity: true)
    RPCEncoder.result(id: .int(42), fileValue(), into: &buffer)
    return buffer.count
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.withoutEscapingSlashes]
let reply = FoundationReply()
let foundationEncode = measure("JSONEncoder of a Codable struct (baseline)", iterations: slowN) {
    (try? encoder.encode(reply))?.count ?? 0
}

print("\n-- framing")
let pipelined = Array(repeating: requestBytes + [0x0A], count: 64).flatMap { $0 }
var framer = LineFramer(maxFrameBytes: 1 << 20)
let framing = measure("LineFramer: one chunk of 64 pipelined requests", iterations: n / 64) {
    var lines = 0
    framer.append(pipelined[...]) { event in if case .line = event { lines += 1 } }
    return lines
}
print("  = \(String(format: "%.1f", framing / 64)) ns per line")

print("\n-- ratios (Foundation time / menud codec time)")
print(String(format: "parse:     JSONDecoder %.1fx slower than RPCDecoder.decode, %.1fx slower than JSONParser.parse", foundationDecode / rpcDecode, foundationDecode / parse))
print(String(format: "serialize: JSONEncoder %.1fx slower than streaming JSONWriter, %.1fx slower than writing a prebuilt JSONValue", foundationEncode / streamed, foundationEncode / fromValue))
_ = (foundationDecodeValue, serializationDecode, buildAndWrite)
if sink == 42 { print("") }
