import CLibUV
import CLibWebSockets

extension WebServer: ForeignHandleOwner {
    func closeForLoopShutdown() { shutDown() }

    /// Runs every 10 ms once `shutDown` began. First the connections close (their close
    /// frames sent, the clients' answers awaited, at most `shutdownGraceMs`); then the first
    /// `lws_context_destroy` closes every connection left and, once their handles are closed,
    /// lws's own idle and timer; when none of lws's handles is left on the loop, the second
    /// `lws_context_destroy` frees the context. Calling the second one earlier frees memory the
    /// pending close callbacks still use.
    func shutdownStep() {
        switch phase {
        case .closingConnections:
            guard connections.isEmpty || loop.nowMs >= shutdownDeadlineMs else { return }
            phase = .destroying
            if let context = contextSlot.pointee { menud_lws_context_destroy(context) }
        case .destroying:
            if let context = contextSlot.pointee {
                guard libraryHandleCount(context) == 0 else { return }
                menud_lws_context_destroy(context)
            }
            shutdownTimer.stop()
            finish()
        case .running, .finished:
            break
        }
    }

    /// lws's own handles on the loop: the idle and the timer carry the context in `data`, and
    /// are the last to close.
    private func libraryHandleCount(_ context: OpaquePointer) -> Int {
        var tally = HandleTally(data: UnsafeMutableRawPointer(context), count: 0)
        withUnsafeMutablePointer(to: &tally) { uv_walk(loop.raw, webServerCountHandles, $0) }
        return tally.count
    }

    fileprivate struct HandleTally {
        let data: UnsafeMutableRawPointer
        var count: Int
    }
}

private func webServerCountHandles(_ handle: UnsafeMutablePointer<uv_handle_t>?, _ argument: UnsafeMutableRawPointer?) {
    guard let handle, let tally = argument?.assumingMemoryBound(to: WebServer.HandleTally.self) else { return }
    if handle.pointee.data == tally.pointee.data { tally.pointee.count += 1 }
}
