import CLibWebSockets

/// Where libwebsockets' errors and warnings go. Its log setting is process-wide and its
/// callback carries no context, so the lines go to every live server's owner (there is one in
/// the daemon). Everything runs on the loop thread: lws makes no threads here.
enum WebLibraryLog {
    nonisolated(unsafe) private static var listeners: [ObjectIdentifier: WeakServer] = [:]
    nonisolated(unsafe) private static var isInstalled = false

    private struct WeakServer { weak var server: WebServer? }

    /// Errors and warnings only; lws' notices are about its own start-up.
    static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        menud_lws_set_log_level(LLL_ERR | LLL_WARN, webLibraryLogEmit)
    }

    static func listen(_ server: WebServer) { listeners[ObjectIdentifier(server)] = WeakServer(server: server) }

    static func stopListening(_ server: WebServer) { listeners[ObjectIdentifier(server)] = nil }

    fileprivate static func emit(level: Int32, line: String) {
        var trimmed = Substring(line)
        while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
        let text = (level == LLL_ERR ? "error: " : "warning: ") + trimmed
        for entry in listeners.values {
            guard let server = entry.server else { continue }
            server.owner?.webServer(server, libraryReported: text)
        }
    }
}

private func webLibraryLogEmit(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    WebLibraryLog.emit(level: level, line: String(cString: line))
}

