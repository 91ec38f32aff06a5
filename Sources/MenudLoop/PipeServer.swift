import CLibUV
import Glibc

/// A listening Unix-domain stream socket, accepted from through a poll handle (`uv_poll_t`).
///
/// The daemon accepts by itself rather than with `uv_listen`: when no descriptor is free,
/// libuv's accept loop closes every waiting client without a word, and once its spare
/// descriptor is gone it calls back with `EMFILE` in a loop that never ends. Here a client
/// that arrives when no descriptor is free gets `overflowReply` through a spare descriptor
/// kept for exactly that, and if even the spare cannot be had back, accepting pauses for
/// `pauseMs` (the clients wait in the backlog) instead of spinning.
public final class PipeServer: LoopHandle {
    /// The longest socket path the kernel accepts (`sun_path` is 108 bytes with its NUL).
    public static let maxPathBytes = 107
    /// Connections accepted per wake-up, so a flood of clients cannot hold the loop.
    static let acceptsPerWakeup = 64
    /// How long accepting pauses when no descriptor can be had at all.
    public static let pauseMs: UInt64 = 100

    private unowned let loop: EventLoop
    private let descriptor: Int32
    private let isAdopted: Bool
    private var onConnection: ((Result<PipeConnection, LoopError>) -> Void)?
    private var spare: Int32 = -1
    private var pauseTimer: LoopTimer?
    /// Written (one line, best effort) to a client refused because no descriptor was free.
    public var overflowReply: [UInt8] = []

    /// A new socket bound to `path`. libuv would silently truncate a path longer than 107 bytes,
    /// so such a path is refused with `ENAMETOOLONG`.
    public convenience init(loop: EventLoop, bindingTo path: String) throws(LoopError) {
        let bytes = Array(path.utf8)
        guard bytes.count <= PipeServer.maxPathBytes else {
            throw LoopError(code: UV_ENAMETOOLONG.rawValue, operation: "bind \(path) (longer than \(PipeServer.maxPathBytes) bytes)")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw LoopError(code: -errno, operation: "create a socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if bound != 0 {
            let code = errno
            Glibc.close(fd)
            throw LoopError(code: -code, operation: "bind \(path)")
        }
        try self.init(loop: loop, descriptor: fd, adopted: false)
    }

    /// Adopts an already bound and listening socket (systemd socket activation).
    public convenience init(loop: EventLoop, adopting fileDescriptor: Int32) throws(LoopError) {
        try self.init(loop: loop, descriptor: fileDescriptor, adopted: true)
    }

    private init(loop: EventLoop, descriptor fd: Int32, adopted: Bool) throws(LoopError) {
        self.loop = loop
        descriptor = fd
        isAdopted = adopted
        let memory: UnsafeMutableRawPointer
        do {
            memory = try LoopHandle.initializedMemory(uv_poll_t(), operation: "poll socket descriptor \(fd)") { uv_poll_init(loop.raw, $0, fd) }
        } catch {
            if !adopted { Glibc.close(fd) }
            throw error
        }
        super.init(memory: memory)
        retainThroughHandle()
        spare = PipeServer.openSpare()
    }

    private var poll: UnsafeMutablePointer<uv_poll_t> {
        UnsafeMutableRawPointer(handle).assumingMemoryBound(to: uv_poll_t.self)
    }

    /// Starts accepting; each accepted connection (or accept failure) goes to `onConnection`.
    public func listen(backlog: Int32 = 511, _ onConnection: @escaping (Result<PipeConnection, LoopError>) -> Void) throws(LoopError) {
        self.onConnection = onConnection
        if !isAdopted, Glibc.listen(descriptor, backlog) != 0 {
            throw LoopError(code: -errno, operation: "listen")
        }
        try LoopError.check(uv_poll_start(poll, Int32(UV_READABLE.rawValue), pipeServerReadable), "poll the socket")
    }

    override func willClose() {
        onConnection = nil
        pauseTimer?.close()
        pauseTimer = nil
    }

    override func didClose() {
        Glibc.close(descriptor)
        if spare >= 0 { Glibc.close(spare) }
        spare = -1
    }

    fileprivate func acceptWaiting() {
        for _ in 0..<PipeServer.acceptsPerWakeup {
            guard !isClosing, let onConnection else { return }
            let fd = menud_accept(descriptor)
            if fd >= 0 {
                deliver(fd, to: onConnection)
                continue
            }
            let code = errno
            switch code {
            case EAGAIN, EWOULDBLOCK:
                return
            case EINTR, ECONNABORTED:
                continue
            case EMFILE, ENFILE:
                // (The kernel finds no descriptor before it looks for a client, so this comes
                // whether or not one is waiting.)
                switch refuseWithSpare() {
                case .refused:
                    onConnection(.failure(LoopError(code: -code, operation: "accept a connection (no descriptor was free; the client was refused)")))
                case .noneWaiting:
                    return
                case .noSpare:
                    onConnection(.failure(LoopError(code: -code, operation: "accept a connection (no descriptor is free; accepting again in \(PipeServer.pauseMs) ms)")))
                    pause()
                    return
                }
            default:
                // Whatever it is, trying again at once would only fail again.
                onConnection(.failure(LoopError(code: -code, operation: "accept a connection")))
                pause()
                return
            }
        }
    }

    private func deliver(_ fd: Int32, to onConnection: (Result<PipeConnection, LoopError>) -> Void) {
        let connection: PipeConnection
        do {
            connection = try PipeConnection(loop: loop)
        } catch {
            Glibc.close(fd)
            onConnection(.failure(error))
            return
        }
        let result = uv_pipe_open(connection.pipe, fd)
        if result < 0 {
            Glibc.close(fd)
            connection.close()
            onConnection(.failure(LoopError(code: result, operation: "open an accepted connection")))
            return
        }
        onConnection(.success(connection))
    }

    private enum Refusal { case refused, noneWaiting, noSpare }

    /// Gives the spare descriptor to one waiting client: accepts it, writes `overflowReply`,
    /// closes it, and takes the spare back.
    private func refuseWithSpare() -> Refusal {
        guard spare >= 0 else {
            spare = PipeServer.openSpare()
            return .noSpare
        }
        Glibc.close(spare)
        spare = -1
        let fd = menud_accept(descriptor)
        if fd >= 0 {
            // The reply lands in the client's receive queue at once (a Unix socket has no
            // network between), so it reads the reply before it sees the connection end.
            overflowReply.withUnsafeBytes { raw in
                _ = Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
            }
            Glibc.close(fd)
        }
        spare = PipeServer.openSpare()
        if spare < 0 { return .noSpare }
        return fd >= 0 ? .refused : .noneWaiting
    }

    /// Stops polling for a moment; the waiting clients stay in the backlog.
    private func pause() {
        guard !isClosing else { return }
        uv_poll_stop(poll)
        if pauseTimer == nil { pauseTimer = try? LoopTimer(loop: loop) }
        guard let pauseTimer else { return }
        pauseTimer.start(afterMs: PipeServer.pauseMs) { [unowned self] in
            guard !isClosing else { return }
            if spare < 0 { spare = PipeServer.openSpare() }
            uv_poll_start(poll, Int32(UV_READABLE.rawValue), pipeServerReadable)
        }
    }

    private static func openSpare() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }
}

private func pipeServerReadable(_ handle: UnsafeMutablePointer<uv_poll_t>?, _ status: Int32, _ events: Int32) {
    owner(handle.map(UnsafeMutableRawPointer.init), as: PipeServer.self)?.acceptWaiting()
}
