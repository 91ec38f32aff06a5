import MenudJSON

/// A notification that writes its own params (the ones the daemon builds as values; `files.changed`
/// is streamed from the tracker's records instead).
public protocol RPCNotificationWriting {
    /// Writes the params object as the next value of `writer`.
    func writeParams(to writer: inout JSONWriter)
}
