import MenuLayout
import MenudCore
import MenudJSON
import MenudProtocol

/// How `menuctl` tells the person what an action did: the `menu.dismissed` result or error.
public enum ActionReport {
    /// For `{ran: true, item, outcome: {message?, output?}}`: the message on its own line, then the
    /// output. Without either: `<title>: done.` For `{ran: false}`: `Nothing was run.`
    /// On a terminal (`sanitize`), every control character except newline and tab is shown as an
    /// escape, so an action's output cannot move the cursor or recolor the screen.
    public static func outcomeText(_ result: MenuDismissedResult, title: String, sanitize: Bool) -> String {
        guard result.ran else { return "Nothing was run.\n" }
        let message = result.outcome?.message
        let output = result.outcome?.output
        var text = ""
        if let message, !message.isEmpty { text += shown(message, sanitize: sanitize) + "\n" }
        if let output, !output.isEmpty {
            text += shown(output, sanitize: sanitize)
            if !output.hasSuffix("\n") { text += "\n" }
        }
        if text.isEmpty { text = shown(title, sanitize: sanitize) + ": done.\n" }
        return text
    }

    /// For an error answer: `menuctl: <message>`, then for a failed command its exit code (when the
    /// message does not say it) and the tail of its standard error, indented.
    public static func errorText(_ error: RPCError, sanitize: Bool) -> String {
        var text = "menuctl: " + shown(error.message, sanitize: sanitize) + "\n"
        if let detail = error.data?["message"]?.stringValue, !error.message.contains(detail) {
            text += "  " + shown(detail, sanitize: sanitize) + "\n"
        }
        if let stderr = error.data?["stderr"]?.stringValue, !stderr.isEmpty {
            text += "  its error output ended with:\n"
            for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                text += "    " + shown(String(line), sanitize: sanitize) + "\n"
            }
        }
        return text
    }

    /// `text` with control characters other than newline and tab escaped (when `sanitize`).
    static func shown(_ text: String, sanitize: Bool) -> String {
        guard sanitize else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { DisplayWidth.safe(String($0)) }.joined(separator: "\t")
        }.joined(separator: "\n")
    }
}
