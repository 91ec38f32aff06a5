/// Which request paths name a file of the page folder, and what type each file is served as.
///
/// A path is taken only when every name in it is made of letters, digits, `.`, `_` and `-`,
/// does not start with a dot (no `..`, no dotfiles such as `.git`), and the last one ends in an
/// extension of `contentTypes`. libwebsockets has already decoded `%XX` (so `%2F` arrives as a
/// `/` and is checked like one) and resolved `/../` before the server sees the path; the rules
/// here hold whatever it did, and the file is then opened beneath the folder without following
/// any link (`WebDocumentFolder`).
enum WebDocumentPath {
    /// The types served, by extension.
    static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/x-icon",
    ]
    static let maxPathBytes = 1024
    static let maxNames = 16

    /// The file path relative to the folder and its content type, or nil when the request path
    /// does not name a servable file. `/` and any path ending in `/` mean that folder's
    /// `index.html`.
    static func file(for requestPath: String) -> (path: [UInt8], contentType: String)? {
        let bytes = Array(requestPath.utf8)
        guard bytes.first == UInt8(ascii: "/"), bytes.count <= maxPathBytes else { return nil }
        var names = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Array.init)
        if names.last?.isEmpty == true { names[names.count - 1] = Array("index.html".utf8) }
        guard names.count <= maxNames, names.allSatisfy(isServableName), let last = names.last,
              let dot = last.lastIndex(of: UInt8(ascii: ".")),
              let type = contentTypes[String(decoding: last[(dot + 1)...], as: UTF8.self)] else { return nil }
        return (Array(names.joined(separator: [UInt8(ascii: "/")])), type)
    }

    private static func isServableName(_ name: [UInt8]) -> Bool {
        guard let first = name.first, first != UInt8(ascii: ".") else { return false }
        return name.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
            default: false
            }
        }
    }
}
