import CLibUV
import Glibc

/// One end of a Unix-domain stream socket or a child's stdio pipe (`uv_pipe_t`).
public final class PipeConnection: LoopHandle {
    /// What a read produced.
    public enum ReadEvent {
        case data([UInt8])
        case end
        case failure(LoopError)
    }

    unowned let loop: EventLoop
    private var onRead: ((ReadEvent) -> Void)?
    /// Bytes handed to `write` that the kernel has not taken yet.
    public private(set) var pendingWriteBytes = 0

    init(loop: EventLoop) throws(LoopError) {
        self.loop = loop
        let memory = try LoopHandle.initializedMemory(uv_pipe_t(), operation: "create a pipe") { uv_pipe_init(loop.raw, $0, 0) }
        super.init(memory: memory)
        retainThroughHandle()
    }

    var stream: UnsafeMutablePointer<uv_stream_t> {
        UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_stream_t.self)
    }

    var pipe: UnsafeMutablePointer<uv_pipe_t> {
        UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_pipe_t.self)
    }

    /// Starts delivering reads; `onRead` gets `.end` or `.failure` once, after which the
    /// owner should close the connection.
    public func startReading(_ onRead: @escaping (ReadEvent) -> Void) throws(LoopError) {
        self.onRead = onRead
        guard !isReading else { return }
        try LoopError.check(uv_read_start(stream, pipeConnectionAllocate, pipeConnectionRead), "start reading")
        isReading = true
    }

    /// True between `startReading` and `stopReading` (or the end of the stream).
    public private(set) var isReading = false

    /// Stops delivering reads (back-pressure); `startReading` resumes.
    public func stopReading() {
        guard !isClosing else { return }
        uv_read_stop(stream)
        isReading = false
    }

    /// Queues bytes for writing; returns false when the connection is closing or the write
    /// could not be started. The bytes are copied: the caller may reuse its buffer at once.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write(UnsafeRawBufferPointer($0), terminator: nil) }
    }

    /// Same as `write(_:)` for a slice.
    @discardableResult
    public func write(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { write($0, terminator: nil) }
    }

    /// Writes `bytes` followed by `terminator` (a message and its line end) without first
    /// copying them into one buffer: one `writev` when the socket takes it all.
    @discardableResult
    public func write(_ bytes: [UInt8], terminator: UInt8) -> Bool {
        bytes.withUnsafeBytes { write(UnsafeRawBufferPointer($0), terminator: terminator) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, terminator: UInt8?) -> Bool {
        guard !isClosing else { return false }
        let tailCount = terminator == nil ? 0 : 1
        let total = bytes.count + tailCount
        guard total > 0 else { return true }
        var tail = terminator ?? 0
        var offset = 0
        if pendingWriteBytes == 0 {
            // Fast path: most replies fit in the socket buffer and need no request at all.
            let written: Int32 = withUnsafeMutablePointer(to: &tail) { tailByte in
                tailByte.withMemoryRebound(to: CChar.self, capacity: 1) { tailChar in
                    var buffers = (
                        uv_buf_t(base: UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: CChar.self)), len: bytes.count),
                        uv_buf_t(base: tailChar, len: tailCount))
                    return withUnsafeMutableBytes(of: &buffers) { raw in
                        uv_try_write(stream, raw.baseAddress!.assumingMemoryBound(to: uv_buf_t.self), tailCount == 0 ? 1 : 2)
                    }
                }
            }
            if written == Int32(total) { return true }
            if written > 0 { offset = Int(written) }
            else if written != UV_EAGAIN.rawValue { return false }
        }
        let remaining = total - offset
        // One allocation: the request, the byte count, then the bytes. Freed in the callback.
        let header = MemoryLayout<uv_write_t>.stride + MemoryLayout<Int>.stride
        let memory = UnsafeMutableRawPointer.allocate(byteCount: header + remaining, alignment: 16)
        let request = memory.bindMemory(to: uv_write_t.self, capacity: 1)
        request.initialize(to: uv_write_t())
        (memory + MemoryLayout<uv_write_t>.stride).storeBytes(of: remaining, as: Int.self)
        let payload = memory + header
        // What the socket did not take: the rest of `bytes`, then the terminator.
        var cursor = 0
        if offset < bytes.count, let base = bytes.baseAddress {
            payload.copyMemory(from: base + offset, byteCount: bytes.count - offset)
            cursor = bytes.count - offset
        }
        if tailCount == 1 { payload.storeBytes(of: tail, toByteOffset: cursor, as: UInt8.self) }
        var buf = uv_buf_t(base: payload.assumingMemoryBound(to: CChar.self), len: remaining)
        let result = uv_write(request, stream, &buf, 1, pipeConnectionWrote)
        if result < 0 {
            memory.deallocate()
            return false
        }
        pendingWriteBytes += remaining
        return true
    }

    /// The peer's process credentials (`SO_PEERCRED`), or nil when the socket has none.
    public func peerCredentials() -> PeerCredentials? {
        var fd: uv_os_fd_t = -1
        guard uv_fileno(handle, &fd) == 0 else { return nil }
        var cred = menud_ucred()
        var length = socklen_t(MemoryLayout<menud_ucred>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) == 0 else { return nil }
        return PeerCredentials(pid: cred.pid, uid: cred.uid, gid: cred.gid)
    }

    private var closeWhenFlushed = false
    private var lingerTimer: LoopTimer?

    /// Ends the connection politely after a final reply: stops handing reads to the owner,
    /// lets every queued write reach the kernel, sends end-of-stream (`uv_shutdown`), then
    /// discards whatever the peer still sends until it closes too, at most `lingerMs`.
    /// (Closing with unread input would make the kernel reset the connection and the peer
    /// could lose the reply.)
    public func closeAfterFlushing(lingerMs: UInt64 = 2000) {
        guard !isClosing, !closeWhenFlushed else { return }
        closeWhenFlushed = true
        onRead = { [unowned self] event in
            if case .data = event { return }
            self.close()
        }
        if let timer = try? LoopTimer(loop: loop) {
            lingerTimer = timer
            timer.start(afterMs: lingerMs) { [unowned self] in self.close() }
        }
        let request = UnsafeMutablePointer<uv_shutdown_t>.allocate(capacity: 1)
        request.initialize(to: uv_shutdown_t())
        if uv_shutdown(request, stream, pipeConnectionShutDown) < 0 {
            request.deallocate()
            close()
        }
    }

    /// The reader installed by `closeAfterFlushing`.
    fileprivate var drainHandler: (ReadEvent) -> Void { onRead ?? { _ in } }

    override func willClose() {
        onRead = nil
        lingerTimer?.close()
        lingerTimer = nil
    }

    fileprivate func deliver(_ event: ReadEvent) { onRead?(event) }

    /// Delivers what a read brought, in the array the last read was delivered in when no one
    /// kept that (a request's line seldom outlives its read): one allocation and one free
    /// fewer per read. An array someone kept is copied on write, as ever; a large one is let go.
    fileprivate func deliver(_ read: UnsafeBufferPointer<UInt8>) {
        var bytes: [UInt8] = []
        swap(&bytes, &lastRead)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: read)
        deliver(.data(bytes))
        if bytes.capacity <= Self.largestKeptRead { swap(&bytes, &lastRead) }
    }

    /// The array of the last read, kept for the next.
    private var lastRead: [UInt8] = []
    private static let largestKeptRead = 4096

    fileprivate func wrote(_ count: Int) { pendingWriteBytes -= count }
}

private func pipeConnectionAllocate(_ handle: UnsafeMutablePointer<uv_handle_t>?, _ suggested: Int,
                                    _ buf: UnsafeMutablePointer<uv_buf_t>?) {
    guard let connection = owner(handle.map(UnsafeMutableRawPointer.init), as: PipeConnection.self), let buf else { return }
    let shared = connection.loop.readBuffer
    buf.pointee = uv_buf_t(base: shared.baseAddress?.assumingMemoryBound(to: CChar.self), len: shared.count)
}

private func pipeConnectionRead(_ stream: UnsafeMutablePointer<uv_stream_t>?, _ count: Int,
                                _ buf: UnsafePointer<uv_buf_t>?) {
    guard let connection = owner(stream.map(UnsafeMutableRawPointer.init), as: PipeConnection.self) else { return }
    if count > 0, let base = buf?.pointee.base {
        connection.deliver(UnsafeBufferPointer(start: UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self), count: count))
    } else if count == Int(UV_EOF.rawValue) {
        connection.stopReading()
        connection.deliver(.end)
    } else if count < 0 {
        connection.stopReading()
        connection.deliver(.failure(LoopError(code: Int32(count), operation: "read from a connection")))
    }
}

private func pipeConnectionShutDown(_ request: UnsafeMutablePointer<uv_shutdown_t>?, _ status: Int32) {
    guard let request else { return }
    if let stream = request.pointee.handle, let connection = owner(UnsafeMutableRawPointer(stream), as: PipeConnection.self) {
        // Keep draining the peer's input until it closes; the linger timer bounds the wait.
        if status < 0 {
            connection.close()
        } else if !connection.isReading, (try? connection.startReading(connection.drainHandler)) == nil {
            connection.close()
        }
    }
    request.deallocate()
}

private func pipeConnectionWrote(_ request: UnsafeMutablePointer<uv_write_t>?, _ status: Int32) {
    guard let request else { return }
    let memory = UnsafeMutableRawPointer(request)
    let count = (memory + MemoryLayout<uv_write_t>.stride).load(as: Int.self)
    if let stream = request.pointee.handle {
        owner(UnsafeMutableRawPointer(stream), as: PipeConnection.self)?.wrote(count)
    }
    memory.deallocate()
}
