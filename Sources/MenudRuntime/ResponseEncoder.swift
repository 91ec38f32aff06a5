import MenudCore
import MenudJSON
import MenudProtocol

/// Encodes JSON-RPC responses without the trailing newline (batches join them).
enum ResponseEncoder {
    static func result(id: RPCId, encodedResult: [UInt8], into bytes: inout [UInt8]) {
        bytes.append(contentsOf: prefix)
        appendID(id, into: &bytes)
        bytes.append(contentsOf: resultKey)
        bytes.append(contentsOf: encodedResult)
        bytes.append(0x7D)
    }

    static func result(id: RPCId, value: JSONValue, into bytes: inout [UInt8]) {
        var writer = JSONWriter(reservingCapacity: 256)
        writer.write(value)
        result(id: id, encodedResult: writer.bytes, into: &bytes)
    }

    static func error(id: RPCId, _ error: RPCError, into bytes: inout [UInt8]) {
        var line: [UInt8] = []
        RPCEncoder.error(id: id, error, into: &line)
        if line.last == 0x0A { line.removeLast() }
        bytes.append(contentsOf: line)
    }

    private static let prefix = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let resultKey = Array(#","result":"#.utf8)

    private static func appendID(_ id: RPCId, into bytes: inout [UInt8]) {
        var writer = JSONWriter(reservingCapacity: 32)
        writer.write(id.jsonValue)
        bytes.append(contentsOf: writer.bytes)
    }
}
