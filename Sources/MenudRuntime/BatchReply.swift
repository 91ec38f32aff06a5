import MenudCore
import MenudProtocol

/// Collects the responses of one JSON-RPC batch; the array is sent when every request that
/// expects an answer has one (some, like `menu.dismissed`, answer only when an action ends).
final class BatchReply {
    private var slots: [[UInt8]?]
    private var missing: Int

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
        missing = count
    }

    /// Fills a slot with one encoded response (without its trailing newline); `nil` for a
    /// notification, which gets no response. Returns the whole batch message once complete
    /// (empty when nothing in it gets an answer).
    func fill(_ index: Int, with response: [UInt8]?) -> [UInt8]? {
        slots[index] = response ?? []
        missing -= 1
        guard missing == 0 else { return nil }
        // A batch made only of notifications gets no reply at all (the encoder writes nothing).
        var message: [UInt8] = []
        RPCEncoder.batch(encodedLines: slots.compactMap { $0 }.filter { !$0.isEmpty }, into: &message, newline: false)
        return message
    }
}
