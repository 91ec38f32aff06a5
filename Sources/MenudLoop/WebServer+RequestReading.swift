import CLibWebSockets
import Glibc

extension WebServer {
    /// What the owner decides on, read from lws' parsed headers while they are still attached
    /// (in `LWS_CALLBACK_HTTP` and `LWS_CALLBACK_HTTP_CONFIRM_UPGRADE`).
    func read(_ wsi: OpaquePointer, path: String, isUpgrade: Bool) -> WebRequest {
        WebRequest(isUpgrade: isUpgrade, method: method(of: wsi), path: path,
                   query: fragments(of: WSI_TOKEN_HTTP_URI_ARGS, on: wsi),
                   cookies: fragments(of: WSI_TOKEN_HTTP_COOKIE, on: wsi),
                   host: header(WSI_TOKEN_HOST, on: wsi), origin: header(WSI_TOKEN_ORIGIN, on: wsi),
                   peerAddress: peerAddress(of: wsi),
                   listener: localAddress(of: wsi) ?? listening[0])
    }

    private func method(of wsi: OpaquePointer) -> String {
        if menud_lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 { return "GET" }
        if menud_lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0 { return "POST" }
        if menud_lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0 { return "HEAD" }
        return "OTHER"
    }

    /// A header whole; lws joins repeated ones with commas (except `Cookie`, see `fragments`).
    /// `lws_hdr_copy` fails rather than truncate, and the buffer always fits.
    func header(_ token: lws_token_indexes, on wsi: OpaquePointer) -> String? {
        let total = menud_lws_hdr_total_length(wsi, token)
        guard total > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(total) + 1)
        guard menud_lws_hdr_copy(wsi, &buffer, total + 1, token) >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(total)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Each occurrence of a header (one per `Cookie` line: lws' joined form of several Cookie
    /// headers has no separator between them), or each `name=value` of the query, decoded.
    func fragments(of token: lws_token_indexes, on wsi: OpaquePointer) -> [String] {
        var values: [String] = []
        for index in 0..<64 {
            let length = max(0, Int(menud_lws_hdr_fragment_length(wsi, token, Int32(index))))
            var buffer = [CChar](repeating: 0, count: length + 1)
            let copied = menud_lws_hdr_copy_fragment(wsi, &buffer, Int32(length + 1), token, Int32(index))
            guard copied >= 0 else { break }
            values.append(String(decoding: buffer.prefix(Int(copied)).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return values
    }

    /// The address the connection came in on, from the socket itself: lws picks a vhost by
    /// port (and Host), not by the listening socket, so the vhost does not say.
    private func localAddress(of wsi: OpaquePointer) -> WebListenAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(menud_lws_get_socket_fd(wsi), $0, &length) }
        }
        guard got == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let port: UInt16
        switch Int32(storage.ss_family) {
        case AF_INET:
            var address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self) }
            guard inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count)) != nil else { return nil }
            port = UInt16(bigEndian: address.sin_port)
        case AF_INET6:
            var address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self) }
            guard inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count)) != nil else { return nil }
            port = UInt16(bigEndian: address.sin6_port)
        default:
            return nil
        }
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return try? WebListenAddress(host: host, port: Int(port))
    }

    private func peerAddress(of wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard menud_lws_get_peer_simple(wsi, &buffer, buffer.count) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
