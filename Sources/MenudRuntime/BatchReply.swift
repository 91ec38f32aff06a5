import MenudCore

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
        let parts = slots.compactMap { $0 }.filter { !$0.isEmpty }
        // A batch made only of notifications gets no reply at all.
        guard !parts.isEmpty else { return [] }
        var line: [UInt8] = [0x5B]
        for (index, part) in parts.enumerated() {
            if index > 0 { line.append(0x2C) }
            line.append(contentsOf: part)
        }
        line.append(0x5D)
        return line
    }
}
