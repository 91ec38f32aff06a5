import MenudJSON

/// `daemon.status`'s `web` member when the web page is on: where it listens, its URL without
/// the secret, and the file that holds the secret (for `menuctl web`).
public struct StatusWeb: Sendable, Equatable {
    public var listen: String
    public var url: String
    public var tokenFile: String

    public init(listen: String, url: String, tokenFile: String) {
        self.listen = listen
        self.url = url
        self.tokenFile = tokenFile
    }

    /// Reads the member; tolerantly only `url` is needed (the others are then empty).
    public init(from object: JSONObject, mode: DecodingMode = .strict) throws(RPCError) {
        listen = try mode.value(object.requiredString("listen", within: "web"), orElse: "")
        url = try object.requiredString("url", within: "web")
        tokenFile = try mode.value(object.requiredString("tokenFile", within: "web"), orElse: "")
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.stringMember(ascii: "listen", listen)
        writer.stringMember(ascii: "url", url)
        writer.stringMember(ascii: "tokenFile", tokenFile)
        writer.endObject()
    }
}
