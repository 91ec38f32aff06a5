import CLibUV
import CLibWebSockets
import Glibc

extension WebServer {
    /// The libwebsockets context on our loop, with no listener yet. False when lws cannot start
    /// (its libuv event library, a plugin it dlopens, is missing).
    func createContext() -> Bool {
        var info = lws_context_creation_info()
        // LIBUV with foreign_loops: lws adds its handles to our loop and never runs it, and
        // installs no signal handlers. EXPLICIT_VHOSTS: listeners come one per address below.
        // No VALIDATE_UTF8: lws would close with 1007 on bad UTF-8 (we check whole messages).
        info.options = UInt64(LWS_SERVER_OPTION_LIBUV) | UInt64(LWS_SERVER_OPTION_EXPLICIT_VHOSTS)
        let loops = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        defer { loops.deallocate() }
        loops.initialize(to: UnsafeMutableRawPointer(loop.raw))
        info.foreign_loops = loops
        info.pcontext = contextSlot
        info.user = Unmanaged.passUnretained(self).toOpaque()
        // lws sizes its descriptor tables from the open-file limit unless told a number, and
        // then refuses sockets numbered above the limit it saw; with a number it looks
        // sockets up by value, whatever their number, and stops accepting while it is full
        // (clients wait in the backlog). lws 4.1 adds 2 to the number for its own (wake-up
        // pipe...), so listeners plus connections give exactly maxConnections at once (the
        // server tests count them).
        info.fd_limit_per_thread = UInt32(configuration.maxConnections + configuration.addresses.count)
        info.max_http_header_data = UInt16(configuration.maxHeaderBytes)
        // No token_limits: each header may use all of max_http_header_data, so lws never
        // truncates one (a truncated Host could read as ours); a request over it is dropped.
        let context = menud_lws_create_context(&info)
        contextSlot.pointee = context
        return context != nil
    }

    /// One vhost per address. The IPv4 one must have DISABLE_IPV6, or lws opens an IPv6 socket
    /// and an IPv4 address ends up bound as `[::]`, every interface. The IPv6 one is v6-only.
    /// FAIL_UPON_UNABLE_TO_BIND makes a taken port an error instead of a retry later.
    func createListeners() throws(WebServerError) {
        guard let context = contextSlot.pointee else { throw WebServerError(.libraryUnavailable) }
        var sharedPort = 0
        for (index, address) in configuration.addresses.enumerated() {
            var info = lws_context_creation_info()
            let port = address.port == 0 ? sharedPort : address.port
            info.vhost_name = UnsafePointer(cString("menud-\(index)"))
            info.iface = UnsafePointer(cString(address.host))
            info.port = Int32(port)
            info.protocols = UnsafePointer(protocols)
            info.retry_and_idle_policy = UnsafePointer(retryPolicy)
            var options = UInt64(LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND)
            if address.isIPv6 {
                options |= UInt64(LWS_SERVER_OPTION_IPV6_V6ONLY_MODIFY) | UInt64(LWS_SERVER_OPTION_IPV6_V6ONLY_VALUE)
            } else {
                options |= UInt64(LWS_SERVER_OPTION_DISABLE_IPV6)
            }
            info.options = options
            errno = 0
            guard let vhost = menud_lws_create_vhost(context, &info) else {
                throw WebServerError(.cannotListen(address.with(port: port), errno))
            }
            let bound = Int(menud_lws_get_vhost_listen_port(vhost))
            if sharedPort == 0 { sharedPort = bound }
            listening.append(address.with(port: bound))
        }
    }
}
