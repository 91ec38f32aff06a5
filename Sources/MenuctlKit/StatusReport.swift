import MenuLayout
import MenudCore
import MenudProtocol

/// `menuctl status`: the `daemon.status` result as labelled lines.
///
/// ```
/// menud 0.1.0 (pid 4242), up 2 h
/// root         /srv/downloads
/// socket       /run/user/1000/menud/menud.sock
/// web          http://127.0.0.1:7780/ (menuctl web prints it with its secret)
/// settle       2 s, files expire 7 d after they are ready
/// files        12: 9 ready, 1 pending, 2 expired
/// crawling     no
/// directories  42 watched
/// connections  1
/// plugins      files 1.0.0 (5 actions), checksum 1.0.0 (1 action)
/// ```
///
/// The state words are in their badge colors. Members the daemon leaves out (read tolerantly,
/// ``StatusResult/missingMembers``) are left out.
public enum StatusReport {
    public static func text(_ status: StatusResult, colorMode: ColorMode) -> String {
        let facts = status.daemon
        func has(_ member: String) -> Bool { !status.missingMembers.contains(member) }
        var lines: [String] = []
        var heading = "menud"
        if has("version") { heading += " " + facts.version }
        if has("pid") { heading += " (pid \(facts.pid))" }
        if has("uptimeMs") { heading += ", up " + DurationText.format(status.uptimeMs) }
        lines.append(heading)

        func add(_ label: String, _ value: String) {
            lines.append(label.padding(to: 13) + DisplayWidth.safe(value))
        }
        if has("root") { add("root", facts.root) }
        if has("socket") { add("socket", facts.socket) }
        if let web = facts.web { add("web", web.url + " (menuctl web prints it with its secret)") }
        if has("settleMs") {
            var text = DurationText.format(facts.settleMs)
            if let expire = facts.expireAfterMs {
                text += ", files expire \(DurationText.format(expire)) after they are ready"
            } else {
                text += ", files never expire"
            }
            add("settle", text)
        }
        if has("files") {
            let counts = [(BadgeKind.ready, status.files.ready), (.pending, status.files.pending), (.expired, status.files.expired)]
            let parts = counts.map { kind, count in "\(count) " + colored(kind.rawValue, kind.defaultColor, mode: colorMode) }
            lines.append("files".padding(to: 13) + "\(status.files.total): " + parts.joined(separator: ", "))
        }
        if has("crawling") {
            add("crawling", status.crawling ? "yes, the first look at the tree is still running" : "no")
        }
        if has("watchedDirectories") {
            var text = "\(status.watchedDirectories) watched"
            if status.unwatchedDirectories > 0 {
                text += ", \(status.unwatchedDirectories) not watched (out of inotify watches; they are rescanned)"
            }
            add("directories", text)
        }
        if has("connections") { add("connections", "\(status.connections)") }
        if has("plugins") {
            let names = facts.plugins.map { plugin -> String in
                var text = plugin.name
                if !plugin.version.isEmpty { text += " " + plugin.version }
                return text + " (\(plugin.actions) action\(plugin.actions == 1 ? "" : "s"))"
            }
            add("plugins", names.isEmpty ? "none" : names.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in `color` (nothing added in ``ColorMode/none``).
    static func colored(_ text: String, _ color: RGBColor, mode: ColorMode) -> String {
        guard let parameters = mode.foregroundParameters(color) else { return text }
        return AnsiSequence.sgr(parameters) + text + AnsiSequence.reset
    }
}
