import CLibWebSockets

extension WebServer {
    /// `LWS_CALLBACK_HTTP`: one request, its path as lws decoded it. The owner admits it or
    /// it gets a bare 403; an admitted GET is answered by the owner or from the document folder.
    func answer(_ wsi: OpaquePointer, path: String) -> Int32 {
        guard phase == .running else { return respond(.empty(503), setCookie: nil, on: wsi) }
        let request = read(wsi, path: path, isUpgrade: false)
        guard let owner, case .admit(let setCookie) = owner.webServer(self, admit: request) else { return refuse(wsi) }
        let response: WebResponse
        if request.method != "GET" {
            response = .empty(405)
        } else {
            response = owner.webServer(self, respondTo: request) ?? documents?.response(for: path) ?? .empty(404)
        }
        return respond(response, setCookie: setCookie, on: wsi)
    }

    /// Headers now; the body, if any, from `LWS_CALLBACK_HTTP_WRITEABLE`.
    func respond(_ response: WebResponse, setCookie: String?, on wsi: OpaquePointer) -> Int32 {
        var headers = [
            ("content-type:", response.contentType),
            ("cache-control:", response.cacheControl),
            ("content-security-policy:", configuration.contentSecurityPolicy),
            ("x-content-type-options:", "nosniff"),
            // The first URL carries the secret: never tell another site where we came from.
            ("referrer-policy:", "no-referrer"),
        ]
        if response.status == 405 { headers.append(("allow:", "GET")) }
        if let setCookie { headers.append(("set-cookie:", setCookie)) }
        guard writeHead(wsi, status: response.status, headers: headers, contentLength: response.body.count) else { return -1 }
        if response.body.isEmpty { return menud_lws_http_transaction_completed(wsi) == 0 ? 0 : -1 }
        responses[wsi] = WebResponseBody(bytes: response.body)
        menud_lws_callback_on_writable(wsi)
        return 0
    }

    /// 403, `content-length: 0`, nothing else; the connection may carry the next request.
    func refuse(_ wsi: OpaquePointer) -> Int32 {
        guard writeHead(wsi, status: 403, headers: [], contentLength: 0) else { return -1 }
        return menud_lws_http_transaction_completed(wsi) == 0 ? 0 : -1
    }

    /// Writes the next chunk of a response body; after the last, the connection waits for the
    /// next request (keep-alive) or closes.
    func continueResponse(_ wsi: OpaquePointer) -> Int32 {
        guard var body = responses[wsi] else { return 0 }
        let (range, isLast) = body.next
        let headroom = WebSocketConnection.headroom
        var buffer = [UInt8](repeating: 0, count: headroom + range.count)
        buffer.replaceSubrange(headroom..., with: body.bytes[range])
        let written = buffer.withUnsafeMutableBufferPointer { raw in
            menud_lws_write(wsi, raw.baseAddress! + headroom, range.count, isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        }
        guard written >= range.count else { return -1 }
        body.sent = range.upperBound
        if isLast {
            responses[wsi] = nil
            return menud_lws_http_transaction_completed(wsi) == 0 ? 0 : -1
        }
        responses[wsi] = body
        menud_lws_callback_on_writable(wsi)
        return 0
    }

    /// Status line and headers through lws' header helpers, in one write.
    func writeHead(_ wsi: OpaquePointer, status: Int, headers: [(String, String)], contentLength: Int) -> Bool {
        let headroom = WebSocketConnection.headroom
        let capacity = headroom + 512 + headers.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 }
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let start = buffer + headroom
        let end = buffer + capacity - 1
        var cursor: UnsafeMutablePointer<UInt8>? = start
        guard menud_lws_add_http_header_status(wsi, UInt32(status), &cursor, end) == 0 else { return false }
        for (name, value) in headers {
            // A line break in a value would start a header of its own.
            guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 }) else { return false }
            let added = name.withCString { namePointer in
                value.withCString { valuePointer in
                    namePointer.withMemoryRebound(to: UInt8.self, capacity: name.utf8.count + 1) { nameBytes in
                        valuePointer.withMemoryRebound(to: UInt8.self, capacity: value.utf8.count + 1) { valueBytes in
                            menud_lws_add_http_header_by_name(wsi, nameBytes, valueBytes, Int32(value.utf8.count), &cursor, end)
                        }
                    }
                }
            }
            guard added == 0 else { return false }
        }
        guard menud_lws_add_http_header_content_length(wsi, lws_filepos_t(contentLength), &cursor, end) == 0 else { return false }
        return menud_lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
    }
}
