import Glibc

/// Why the web server could not start, saying what to do about it.
public struct WebServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// An address that cannot be listened on as given (text, what is wrong).
        case invalidAddress(String, String)
        /// A limit out of range (name, what is allowed).
        case invalidSetting(String, String)
        /// libwebsockets could not set up on the loop (most likely its libuv event library,
        /// `libwebsockets-evlib-uv`, is not installed).
        case libraryUnavailable
        /// libwebsockets itself cannot be opened (the sentence says why and names the package).
        case libraryMissing(String)
        /// Binding failed: the address, the system's error number (0 when unknown).
        case cannotListen(WebListenAddress, Int32)
        /// The folder of page files cannot be opened (path, why).
        case documentFolder(String, String)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// True when the port is taken by another program.
    public var isAddressInUse: Bool {
        if case .cannotListen(_, let code) = kind { return code == EADDRINUSE }
        return false
    }

    public var description: String {
        switch kind {
        case .invalidAddress(let text, let problem):
            return "cannot listen on \(text): \(problem)"
        case .invalidSetting(let name, let allowed):
            return "web server setting \(name): \(allowed)"
        case .libraryUnavailable:
            return "libwebsockets could not start on the event loop (is libwebsockets-evlib-uv installed? `make deps` installs it)"
        case .libraryMissing(let reason):
            return "the web page needs libwebsockets: \(reason)"
        case .cannotListen(let address, let code):
            switch code {
            case EADDRINUSE:
                return "cannot listen on \(address): the address is already in use (another program has the port; choose another port, or 0 for any free one)"
            case EADDRNOTAVAIL:
                return "cannot listen on \(address): no interface of this machine has that address"
            case EACCES:
                return "cannot listen on \(address): permission denied (ports below 1024 need privileges; choose a higher one)"
            default:
                return "cannot listen on \(address)" + (code == 0 ? "" : " (error \(code))")
            }
        case .documentFolder(let path, let problem):
            return "cannot serve the web page from \(path): \(problem)"
        }
    }
}

