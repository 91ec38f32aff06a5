import CLibWebSockets

/// The one libwebsockets callback of the server's protocol: it gets the HTTP requests, the
/// upgrades (no `Sec-WebSocket-Protocol` needed) and the WebSocket events of every listener,
/// and finds the server through the context's user pointer. Reasons it does not handle go to
/// `lws_callback_http_dummy`, as lws expects.
func webServerCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                       _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let context = menud_lws_get_context(wsi), let data = menud_lws_context_user(context) else {
        return menud_lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let server = Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue()
    switch reason {
    case LWS_CALLBACK_HTTP:
        return server.answer(wsi, path: input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/")
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return server.continueResponse(wsi)
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
        return server.confirmUpgrade(wsi, to: input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
    case LWS_CALLBACK_ESTABLISHED:
        server.established(wsi)
        return 0
    case LWS_CALLBACK_RECEIVE:
        return server.received(wsi, UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return server.writeable(wsi)
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        server.peerClosing(wsi, UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length))
        return 0 // lws answers the close frame
    case LWS_CALLBACK_CLOSED:
        server.closed(wsi)
        return 0
    case LWS_CALLBACK_CLOSED_HTTP:
        server.responses[wsi] = nil
        return menud_lws_callback_http_dummy(wsi, reason, user, input, length)
    case LWS_CALLBACK_WSI_DESTROY:
        server.forget(wsi)
        return menud_lws_callback_http_dummy(wsi, reason, user, input, length)
    default:
        return menud_lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}
