import CLibUV

/// A listening Unix-domain stream socket (`uv_pipe_t`).
public final class PipeServer: LoopHandle {
    /// The longest socket path the kernel accepts (`sun_path` is 108 bytes with its NUL).
    public static let maxPathBytes = 107

    private unowned let loop: EventLoop
    private var onConnection: ((Result<PipeConnection, LoopError>) -> Void)?

    public init(loop: EventLoop) throws(LoopError) {
        self.loop = loop
        let memory = try LoopHandle.initializedMemory(uv_pipe_t(), operation: "create a socket") { uv_pipe_init(loop.raw, $0, 0) }
        super.init(memory: memory)
        retainThroughHandle()
    }

    private var pipe: UnsafeMutablePointer<uv_pipe_t> {
        UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_pipe_t.self)
    }

    /// Binds to `path`. libuv would silently truncate a path longer than 107 bytes, so such a
    /// path is refused with `ENAMETOOLONG`.
    public func bind(path: String) throws(LoopError) {
        guard path.utf8.count <= PipeServer.maxPathBytes else {
            throw LoopError(code: UV_ENAMETOOLONG.rawValue, operation: "bind \(path) (longer than \(PipeServer.maxPathBytes) bytes)")
        }
        try LoopError.check(uv_pipe_bind(pipe, path), "bind \(path)")
    }

    /// Adopts an already bound and listening socket (systemd socket activation).
    public func open(fileDescriptor: Int32) throws(LoopError) {
        try LoopError.check(uv_pipe_open(pipe, fileDescriptor), "adopt socket descriptor \(fileDescriptor)")
    }

    /// Starts accepting; each accepted connection (or accept failure) goes to `onConnection`.
    public func listen(backlog: Int32 = 511, _ onConnection: @escaping (Result<PipeConnection, LoopError>) -> Void) throws(LoopError) {
        self.onConnection = onConnection
        let stream = UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_stream_t.self)
        try LoopError.check(uv_listen(stream, backlog, pipeServerAccepted), "listen")
    }

    override func willClose() { onConnection = nil }

    fileprivate func accept(status: Int32) {
        guard let onConnection else { return }
        if status < 0 {
            onConnection(.failure(LoopError(code: status, operation: "accept a connection")))
            return
        }
        let connection: PipeConnection
        do {
            connection = try PipeConnection(loop: loop)
        } catch {
            onConnection(.failure(error))
            return
        }
        let stream = UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_stream_t.self)
        let result = uv_accept(stream, connection.stream)
        if result < 0 {
            connection.close()
            onConnection(.failure(LoopError(code: result, operation: "accept a connection")))
            return
        }
        onConnection(.success(connection))
    }
}

private func pipeServerAccepted(_ stream: UnsafeMutablePointer<uv_stream_t>?, _ status: Int32) {
    owner(stream.map(UnsafeMutableRawPointer.init), as: PipeServer.self)?.accept(status: status)
}
