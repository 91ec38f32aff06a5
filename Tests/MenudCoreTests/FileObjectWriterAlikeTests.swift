import XCTest
@testable import MenudCore
import MenudJSON
import MenudProtocol

/// `FileObjectWriter.writesAlike`: `files.get` answers a file with the bytes it wrote last time
/// when the writer says the two views write alike, so that must never hold for views whose
/// bytes differ.
final class FileObjectWriterAlikeTests: XCTestCase {
    private let settings = ReadinessSettings(settleMs: 2000, expireAfterMs: 3_600_000, partialSuffixes: [".part", ".crdownload"])

    private func bytes(_ view: FileView, _ writer: inout FileObjectWriter) -> [UInt8] {
        var json = JSONWriter()
        writer.write(view, to: &json)
        return json.bytes
    }

    private func view(path: String = "videos/intro.mp4", size: Int64 = 2_400_000, state: FileState = .ready,
                      mtimeMs: Int64 = 1_000, readyAtMs: Int64? = 3_000, expiresAtMs: Int64? = 3_603_000,
                      changeCounter: UInt64 = 7, reason: FileReason = .unchanged(forMs: 125_400)) -> FileView {
        FileView(pathBytes: Array(path.utf8), size: size, state: state, mtimeMs: mtimeMs, lastChangeMs: mtimeMs,
                 readyAtMs: readyAtMs, expiresAtMs: expiresAtMs, changeCounter: changeCounter,
                 partialSuffixIndex: nil, reason: reason)
    }

    func testEveryMemberThatChangesTheBytesMakesViewsUnlike() {
        var writer = FileObjectWriter(settings: settings, instanceId: "run-1")
        let base = view()
        let changed = [
            view(path: "videos/outro.mp4"), view(path: "videos/intro.mp"), view(size: 2_400_001), view(state: .expired),
            view(mtimeMs: 1_001), view(readyAtMs: nil), view(readyAtMs: 3_001), view(expiresAtMs: nil),
            view(expiresAtMs: 3_603_001), view(changeCounter: 8), view(reason: .unchanged(forMs: 126_000)),
            view(reason: .changed(agoMs: 125_400)), view(reason: .readyLonger(thanMs: 3_600_000)),
            view(reason: .partialDownloadName(suffixIndex: 0)),
        ]
        for other in changed {
            XCTAssertNotEqual(bytes(base, &writer), bytes(other, &writer))
            XCTAssertFalse(FileObjectWriter.writesAlike(base, other), String(decoding: bytes(other, &writer), as: UTF8.self))
        }
        // The same file a moment later, within the same whole second of its duration.
        let later = view(reason: .unchanged(forMs: 125_999))
        XCTAssertTrue(FileObjectWriter.writesAlike(base, later))
        XCTAssertEqual(bytes(base, &writer), bytes(later, &writer))
    }

    func testViewsThatWriteAlikeHaveTheSameBytes() {
        var writer = FileObjectWriter(settings: settings, instanceId: "run-1")
        var generator = SystemRandomNumberGenerator()
        let reasons: [(Int64) -> FileReason] = [{ .changed(agoMs: $0) }, { .unchanged(forMs: $0) }, { .readyLonger(thanMs: $0) },
                                                 { .partialDownloadName(suffixIndex: Int($0 % 2)) }]
        var alike = 0
        for _ in 0..<5_000 {
            let ms = [Int64.random(in: 0...20_000, using: &generator), Int64.random(in: 9_000...11_000, using: &generator)]
            let pick = Int.random(in: 0..<reasons.count, using: &generator)
            let a = view(size: Int64.random(in: 0...1, using: &generator), reason: reasons[pick](ms[0]))
            let b = view(size: Int64.random(in: 0...1, using: &generator), reason: reasons[pick](ms[Int.random(in: 0...1, using: &generator)]))
            if FileObjectWriter.writesAlike(a, b) {
                alike += 1
                XCTAssertEqual(bytes(a, &writer), bytes(b, &writer), "\(a.reason) \(b.reason)")
            }
        }
        XCTAssertGreaterThan(alike, 100)
    }
}
