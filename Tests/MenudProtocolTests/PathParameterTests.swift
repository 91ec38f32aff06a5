import Foundation
import Testing
@testable import MenudJSON
@testable import MenudProtocol

/// The one set of path rules every method uses (files.get, menu.open's target).
@Suite struct PathParameterTests {
    private let spellings: [[UInt8]] = [Array("/srv/media".utf8), Array("/home/u/media".utf8)]

    private func relative(_ text: String) throws(RPCError) -> RelativePath {
        try PathParameter(raw: Array(text.utf8), param: "path").relative(rootSpellings: spellings)
    }

    private func error(_ body: () throws(RPCError) -> some Any) -> RPCError? {
        do { _ = try body(); return nil } catch { return error }
    }

    @Test func normalizesDotsAndEmptyComponents() throws {
        #expect(try relative("./a//b/./c") == RelativePath("a/b/c"))
        #expect(try relative("a/x/../b") == RelativePath("a/b"))
        #expect(try relative("") == .root)
        #expect(try relative(".") == .root)
        #expect(try relative("...") == RelativePath("..."))
        #expect(try relative("a..b") == RelativePath("a..b"))
    }

    /// Paths already in normal form are taken as they are; every other one goes the long way,
    /// so both ways must agree on which is which.
    @Test func onlyPathsInNormalFormSkipTheNormalizing() throws {
        for plain in ["a", "a/b.txt", "...", "a..b", ".hidden", "a/.b/c..", "d/...", "é/ü.mp4"] {
            #expect(PathParameter.isNormalRelative(Array(plain.utf8)), "\(plain)")
            #expect(try relative(plain) == RelativePath(plain))
        }
        for other in ["", ".", "..", "./a", "a/.", "a/./b", "a/..", "../a", "a//b", "/a", "a/"] {
            #expect(!PathParameter.isNormalRelative(Array(other.utf8)), "\(other)")
        }
    }

    /// Every string of up to eight bytes from `/`, `.` and `a` (and a few longer ones, past a
    /// word): normal exactly when no component is empty, `.` or `..`.
    @Test func normalFormIsDecidedComponentByComponent() {
        var texts = [""]
        var level = [""]
        for _ in 0..<8 {
            level = level.flatMap { text in ["/", ".", "a"].map { text + $0 } }
            texts += level
        }
        texts += ["abcdefghijklmnop/q", "abcdefghijklmnop/..", "abcdefghijklmnopq/", "a/bcdefghijklmnop/./c"]
        for text in texts {
            let components = text.split(separator: "/", omittingEmptySubsequences: false)
            let expected = !text.isEmpty && !components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            #expect(PathParameter.isNormalRelative(Array(text.utf8)) == expected, "\(text)")
        }
    }

    /// Every string of up to four bytes from `/`, `.` and `a`: a path is refused as a folder's
    /// exactly when it is longer than one byte and ends in `/`, `/.` or `/..`.
    @Test func aFolderSpellingIsTheTrailingSlashDotOrDotDot() {
        var texts = [""]
        for _ in 0..<4 { texts += texts.flatMap { text in ["/", ".", "a"].map { text + $0 } } }
        for text in Set(texts) {
            let expected = text.count > 1 && (text.hasSuffix("/") || text.hasSuffix("/.") || text.hasSuffix("/.."))
            #expect(PathParameter.namesFolder(Array(text.utf8)) == expected, "\(text)")
            let refused = error { () throws(RPCError) in try PathParameter(raw: Array(text.utf8), param: "path") }
            #expect((refused != nil) == expected, "\(text)")
        }
    }

    @Test func anAbsolutePathMustSpellTheRoot() throws {
        #expect(try relative("/srv/media/a.txt") == RelativePath("a.txt"))
        #expect(try relative("/home/u/media/d/a.txt") == RelativePath("d/a.txt"))
        #expect(try relative("/srv/media") == .root)
        for outside in ["/etc/passwd", "/srv/mediax/a.txt", "/"] {
            let refused = error { () throws(RPCError) in try relative(outside) }
            #expect(refused?.knownCode == .outsideRoot, "\(outside)")
            #expect(refused?.message.contains(outside) == true)
        }
    }

    @Test func climbingAboveTheRootIsOutside() {
        for outside in ["..", "a/../../b", "../a", "/srv/media/../a"] {
            #expect(error { () throws(RPCError) in try relative(outside) }?.knownCode == .outsideRoot, "\(outside)")
        }
    }

    @Test func nulAndTrailingSlashesAreInvalidParamsNamingTheField() {
        for bad in ["a\u{0}b", "a/", "a/.", "a/..", "d/e/"] {
            let refused = error { () throws(RPCError) in try PathParameter(raw: Array(bad.utf8), param: "target.paths") }
            #expect(refused?.knownCode == .invalidParams, "\(bad)")
            #expect(refused?.data?.objectValue?["param"] == .string("target.paths"))
        }
        #expect(error { () throws(RPCError) in try PathParameter(raw: Array("a/".utf8), param: "path") }?.message
            == "path \"a/\" ends in \"/\", \"/.\" or \"/..\", which names a folder; give the file's path without it")
    }

    @Test func readsPathOrPathBase64() throws {
        let bytes: [UInt8] = [0x78, 0x2F, 0xFF]
        let encoded = Data(bytes).base64EncodedString()
        #expect(try PathParameter(from: ["path": "a/b"], key: "path").raw == Array("a/b".utf8))
        #expect(try PathParameter(from: ["pathBase64": .string(encoded)], key: "path").raw == bytes)
        let missing = error { () throws(RPCError) in try PathParameter(from: [:], key: "path") }
        #expect(missing?.message == "path is required: a path relative to the root (or pathBase64)")
        let badBase64 = error { () throws(RPCError) in try PathParameter(from: ["pathBase64": "%%"], key: "path") }
        #expect(badBase64?.data?.objectValue?["param"] == .string("pathBase64"))
        let wrongType = error { () throws(RPCError) in try PathParameter(from: ["path": 3], key: "path") }
        #expect(wrongType?.knownCode == .invalidParams)
    }

    @Test func writesUTF8AsPathAndOtherBytesAsBase64() throws {
        var object = JSONObject()
        try PathParameter(raw: Array("café.txt".utf8), param: "path").write(into: &object, key: "path")
        #expect(object == ["path": "café.txt"])
        let bytes: [UInt8] = [0x78, 0xFF]
        var other = JSONObject()
        try PathParameter(raw: bytes, param: "path").write(into: &other, key: "path")
        #expect(try PathParameter(from: other, key: "path").raw == bytes)
        #expect(other["path"] == nil)
    }
}
