import Glibc
import MenudCore
import MenudLoop
import MenudProtocol

extension RPCServer {
    // MARK: RPCTransportDelegate

    var outOfDescriptorsReply: [UInt8] {
        refusal(.busy(limit: "openFiles", "the daemon has no file descriptor free for another client; close some connections, or raise its open-file limit (LimitNOFILE= under systemd)"))
    }

    /// The accept policy: this user or one of `allowUids`, and no more clients than
    /// `maxConnections` and the descriptors allow.
    func accepted(_ link: any RPCConnection) -> Bool {
        guard acceptsClients else {
            link.close(afterFlushing: false)
            return false
        }
        let client = ClientConnection(id: ConnectionID(nextConnectionNumber), link: link)
        nextConnectionNumber += 1
        let peer = client.peer
        if let uid = peer?.uid, uid != getuid(), !settings.allowUids.contains(uid) {
            log.warning("refused a connection from uid \(uid) (pid \(peer?.pid ?? 0)): not this user and not in allowUids")
            link.send(refusal(.permissionDenied("uid \(uid) may not use this daemon; the daemon's owner can add it to allowUids in the config")))
            link.close(afterFlushing: true)
            return false
        }
        if connections.count >= connectionLimit {
            let why = connectionLimit < settings.maxConnections
                ? "\(connectionLimit) clients are already connected, as many as the daemon's open-file limit allows (maxConnections is \(settings.maxConnections)); close some, or raise the limit (LimitNOFILE=, ulimit -n)"
                : "\(connectionLimit) clients are already connected; close some or raise maxConnections in the config"
            log.once("connection-limit", .warning, "refusing connections: \(why)")
            link.send(refusal(.busy(limit: "maxConnections", why)))
            // A short linger: refused clients must not hold descriptors for long (the reply is
            // in their receive queue already, ahead of the end of the connection).
            link.close(afterFlushing: true, lingerMs: 250)
            return false
        }
        log.forget("connection-limit")
        log.forget("accept-descriptors")
        connections[client.id] = client
        clients[ObjectIdentifier(link)] = client
        log.debug("client \(client.number) connected (\(peer.map { "pid \($0.pid)" } ?? "no peer credentials"))")
        return true
    }

    func acceptFailed(_ error: LoopError) {
        if error.isOutOfDescriptors {
            log.once("accept-descriptors", .warning, "no file descriptor is free (the open-file limit is \(descriptorBudget.limit)); new clients are refused with -32040 until some are. \(error)")
        } else {
            log.once("accept-\(error.name)", .warning, "accept failed: \(error)")
        }
    }

    /// The client of a transport connection, if it is one of ours. The last one found is kept:
    /// it holds its connection, so the identity compared cannot be another's (and closing a
    /// client forgets it).
    func client(of link: any RPCConnection) -> ClientConnection? {
        if let lastClient, lastClient.link === link { return lastClient }
        guard let client = clients[ObjectIdentifier(link)] else { return nil }
        lastClient = client
        return client
    }

    func received(_ message: ArraySlice<UInt8>, on link: any RPCConnection) {
        guard let client = client(of: link) else { return }
        if client.stream != nil || client.hasHeldInput {
            hold(message, from: client)
            return
        }
        process(message, on: client)
    }

    func unreadable(_ problem: String, on link: any RPCConnection) {
        guard let client = client(of: link) else { return }
        var reply: [UInt8] = []
        RPCEncoder.error(id: .null, RPCError(.parseError, message: "The message is not JSON-RPC: \(problem)."), into: &reply, newline: false)
        write(reply, to: client)
    }

    func oversized(limit: Int, on link: any RPCConnection) {
        guard let client = client(of: link) else { return }
        var reply: [UInt8] = []
        RPCEncoder.error(id: .null, .invalidRequest("a message is longer than maxFrameBytes (\(limit) bytes); split it or raise maxFrameBytes in the config. The connection is closed."), into: &reply, newline: false)
        link.send(reply)
        closeConnection(client, reason: "frame over \(limit) bytes", flush: true)
    }

    /// The client shut down its side (`shutdown(SHUT_WR)`, as `socat` and `nc -N` do at the end
    /// of their input) or closed. The answers it is owed (menus being built, actions
    /// acknowledged) are still written, then the connection closes; its open menus can never be
    /// dismissed now, so they close at once.
    func endOfInput(on link: any RPCConnection) {
        guard let client = client(of: link) else { return }
        client.inputEnded = true
        settleEndedInput(of: client)
    }

    func failed(_ link: any RPCConnection, reason: String) {
        guard let client = client(of: link) else { return }
        closeConnection(client, reason: reason)
    }

    /// One JSON-RPC error with a null id, for a client refused before it said anything.
    func refusal(_ error: RPCError) -> [UInt8] {
        var message: [UInt8] = []
        RPCEncoder.error(id: .null, error, into: &message, newline: false)
        return message
    }
}
