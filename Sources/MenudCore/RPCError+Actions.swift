import MenudJSON
import MenudProtocol

/// The answers of an action that was acknowledged but did not run.
extension RPCError {
    /// -32023: the action `title` of `menu` did not start because a target is no longer what the
    /// menu showed. `data`: `menu`, `path` (and `pathBase64` when the name is not valid UTF-8),
    /// `change` (a ``TargetChangeKind``) and `reason` (the sentence).
    public static func targetChanged(_ change: TargetChange, menu: String, action title: String) -> RPCError {
        var data: JSONObject = [
            "menu": .string(menu),
            "path": .string(change.path.displayString),
            "change": .string(change.kind.rawValue),
            "reason": .string(change.sentence),
        ]
        if !change.path.isValidUTF8 { data["pathBase64"] = .string(change.path.base64) }
        let message = "The action \(quote(title)) did not run: \(change.sentence). Nothing was done; open a new menu to act on the file as it is now."
        return RPCError(.menuInvalidated, message: message, data: .object(data))
    }

    /// -32031 for an action whose time limit ran out while it waited for its turn (behind other
    /// actions on the same files, or for a free slot). It never started. `data`: `action`,
    /// `limitMs`, `started: false`.
    public static func actionTimedOutWaiting(_ title: String, limitMs: Int64) -> RPCError {
        RPCError(.actionTimedOut,
                 message: "The action \(quote(title)) waited for its turn longer than its time limit of \(limitMs) ms (other actions on the same files, or too many at once, ran first) and never started; nothing was done. Try again, or raise actionTimeout in the daemon's config.",
                 data: ["action": .string(title), "limitMs": .int(limitMs), "started": .bool(false)])
    }
}
