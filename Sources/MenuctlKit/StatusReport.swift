import MenuLayout
import MenudCore
import MenudJSON

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
/// The state words are in their badge colors. Fields the daemon leaves out are left out.
public enum StatusReport {
    public static func text(_ status: JSONValue, colorMode: ColorMode) -> String {
        var lines: [String] = []
        var heading = "menud"
        if let version = status["version"]?.stringValue { heading += " " + version }
        if let pid = status["pid"]?.intValue { heading += " (pid \(pid))" }
        if let uptime = status["uptimeMs"]?.intValue { heading += ", up " + DurationText.format(uptime) }
        lines.append(heading)

        func add(_ label: String, _ value: String) {
            lines.append(label.padding(to: 13) + DisplayWidth.safe(value))
        }
        if let root = status["root"]?.stringValue { add("root", root) }
        if let socket = status["socket"]?.stringValue { add("socket", socket) }
        if let url = status["web"]?["url"]?.stringValue { add("web", url + " (menuctl web prints it with its secret)") }
        if let settle = status["settleMs"]?.intValue {
            var text = DurationText.format(settle)
            if let expire = status["expireAfterMs"]?.intValue {
                text += ", files expire \(DurationText.format(expire)) after they are ready"
            } else {
                text += ", files never expire"
            }
            add("settle", text)
        }
        if let files = status["files"] {
            let total = files["total"]?.intValue ?? 0
            let parts = [BadgeKind.ready, .pending, .expired].map { kind in
                let count = files[kind.rawValue]?.intValue ?? 0
                return "\(count) " + colored(kind.rawValue, kind.defaultColor, mode: colorMode)
            }
            lines.append("files".padding(to: 13) + "\(total): " + parts.joined(separator: ", "))
        }
        if let crawling = status["crawling"]?.boolValue {
            add("crawling", crawling ? "yes, the first look at the tree is still running" : "no")
        }
        if let watched = status["watchedDirectories"]?.intValue {
            var text = "\(watched) watched"
            if let unwatched = status["unwatchedDirectories"]?.intValue, unwatched > 0 {
                text += ", \(unwatched) not watched (out of inotify watches; they are rescanned)"
            }
            add("directories", text)
        }
        if let connections = status["connections"]?.intValue { add("connections", "\(connections)") }
        if let plugins = status["plugins"]?.arrayValue {
            let names = plugins.map { plugin -> String in
                var text = plugin["name"]?.stringValue ?? "?"
                if let version = plugin["version"]?.stringValue { text += " " + version }
                if let actions = plugin["actions"]?.intValue { text += " (\(actions) action\(actions == 1 ? "" : "s"))" }
                return text
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
