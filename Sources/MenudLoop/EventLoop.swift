import CLibUV

/// The one libuv loop that drives the daemon. Not thread-safe: every method is called on the
/// thread that runs it, except through `AsyncInbox.post`.
public final class EventLoop {
    let raw: UnsafeMutablePointer<uv_loop_t>
    private var isClosed = false
    /// Users with libuv handles of their own on this loop, until their handles are closed.
    private var foreignOwners: [ObjectIdentifier: any ForeignHandleOwner] = [:]

    /// A 64 KiB buffer shared by every stream read on this loop. libuv calls the allocation
    /// callback and then the read callback synchronously, and readers consume the bytes before
    /// returning, so one buffer serves any number of connections.
    let readBuffer: UnsafeMutableRawBufferPointer

    public init() throws(LoopError) {
        raw = UnsafeMutablePointer<uv_loop_t>.allocate(capacity: 1)
        raw.initialize(to: uv_loop_t())
        let result = uv_loop_init(raw)
        if result < 0 {
            raw.deallocate()
            throw LoopError(code: result, operation: "initialize the event loop")
        }
        readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
    }

    /// Runs until `stop()` is called or nothing is left to do.
    public func run() {
        uv_run(raw, UV_RUN_DEFAULT)
    }

    /// Runs one iteration without blocking (tests and shutdown draining).
    @discardableResult
    public func runOnce(blocking: Bool = false) -> Bool {
        uv_run(raw, blocking ? UV_RUN_ONCE : UV_RUN_NOWAIT) != 0
    }

    /// Makes `run()` return after the current iteration.
    public func stop() { uv_stop(raw) }

    /// The loop's cached time in milliseconds (monotonic, arbitrary origin).
    public var nowMs: UInt64 { uv_now(raw) }

    /// Registers a user whose handles are not `LoopHandle`s (kept until `release`).
    func adopt(_ owner: any ForeignHandleOwner) {
        foreignOwners[ObjectIdentifier(owner)] = owner
    }

    /// The user's last handle is closed.
    func release(_ owner: any ForeignHandleOwner) {
        foreignOwners[ObjectIdentifier(owner)] = nil
    }

    /// Closes every handle still open (each through its owner, so memory is freed in the close
    /// callback), runs the loop until the close callbacks have fired, then closes the loop.
    /// Returns `uv_loop_close`'s result: 0 when the loop closed clean.
    ///
    /// Users with handles of their own (a web server) are asked to close first and the loop
    /// runs until they are done; if the loop runs dry while one still has handles, nothing is
    /// walked or closed and `UV_EBUSY` comes back.
    @discardableResult
    public func closeEverything() -> Int32 {
        guard !isClosed else { return 0 }
        for owner in Array(foreignOwners.values) { owner.closeForLoopShutdown() }
        while !foreignOwners.isEmpty {
            if uv_run(raw, UV_RUN_ONCE) == 0 && !foreignOwners.isEmpty { return UV_EBUSY.rawValue }
        }
        uv_walk(raw, { handle, _ in
            guard let handle, uv_is_closing(handle) == 0 else { return }
            if let data = handle.pointee.data {
                Unmanaged<LoopHandle>.fromOpaque(data).takeUnretainedValue().close()
            } else {
                uv_close(handle, nil)
            }
        }, nil)
        while uv_run(raw, UV_RUN_NOWAIT) != 0 {}
        let result = uv_loop_close(raw)
        if result == 0 {
            isClosed = true
            raw.deallocate()
            readBuffer.deallocate()
        }
        return result
    }
}
