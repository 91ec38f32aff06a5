import Testing
@testable import MenudJSON

/// Parses `text` with the default settings and with every container going through the iterative
/// path, checks both agree, and returns the result.
func parseBothWays(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONValue, JSONParseError> {
    parseBothWays(Array(text.utf8), maxDepth: maxDepth)
}

func parseBothWays(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> Result<JSONValue, JSONParseError> {
    let recursive = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes, maxDepth: maxDepth) }
    let iterative = Result { () throws(JSONParseError) -> JSONValue in
        try JSONParser.parse(bytes[...], maxDepth: maxDepth, recursionLimit: 0)
    }
    #expect(recursive == iterative, "recursive and iterative parses differ for \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    return recursive
}

/// The parse error for `text`, or nil (with a recorded failure) when it parses.
func parseFailure(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONParseError? {
    parseFailure(Array(text.utf8), sourceLocation: sourceLocation)
}

func parseFailure(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONParseError? {
    switch parseBothWays(bytes) {
    case .success(let value):
        Issue.record("expected a parse error, got \(value.jsonText)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        return error
    }
}
