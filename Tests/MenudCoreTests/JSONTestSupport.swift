import Testing
@testable import MenudCore

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

/// A deterministic random number generator (SplitMix64) so randomized tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
