import MenudNative

/// Takes the listening socket systemd passes on activation, if any.
enum SocketActivation {
    static func listeningDescriptor(environment: [String: String], log: Logger) -> Int32? {
        guard environment["LISTEN_FDS"] != nil else { return nil }
        let descriptors = Systemd.listenDescriptors()
        guard let first = descriptors.first else {
            if let reason = Systemd.unavailable {
                log.warning("LISTEN_FDS is set but \(reason); binding the socket myself")
                return nil
            }
            log.warning("LISTEN_FDS is set but names no socket for this process; binding the socket myself")
            return nil
        }
        if descriptors.count > 1 {
            log.warning("systemd passed \(descriptors.count) sockets; using the first and ignoring the rest")
        }
        guard Systemd.isListeningUnixStream(first) else {
            log.warning("the activated descriptor \(first) is not a listening Unix stream socket; binding the socket myself")
            return nil
        }
        log.info("using the socket passed by systemd (descriptor \(first))")
        return first
    }
}
