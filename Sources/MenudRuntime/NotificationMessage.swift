import MenudCore
import MenudJSON

/// A JSON-RPC notification from already encoded params (without the line's newline).
enum NotificationMessage {
    static func encode(method: String, encodedParams: [UInt8]) -> [UInt8] {
        var message = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
        var writer = JSONWriter(reservingCapacity: 32)
        writer.writeString(method)
        message.append(contentsOf: writer.bytes)
        message.append(contentsOf: Array(#","params":"#.utf8))
        message.append(contentsOf: encodedParams)
        message.append(0x7D)
        return message
    }
}
