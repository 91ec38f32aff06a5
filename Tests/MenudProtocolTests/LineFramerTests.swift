import Testing
@testable import MenudProtocol
import TestSupport

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The events as readable values: lines as strings, oversized as a marker.
private func describe(_ events: [FramerEvent]) -> [String] {
    events.map { event in
        switch event {
        case .line(let line): return String(decoding: line, as: UTF8.self)
        case .oversized(let limit): return "<oversized \(limit)>"
        }
    }
}

/// Feeds `chunks` in order and returns every event, plus the one from `finish()` when asked.
private func frame(_ chunks: [[UInt8]], limit: Int = 64, finish: Bool = false) -> [String] {
    var framer = LineFramer(maxFrameBytes: limit)
    var events: [FramerEvent] = []
    for chunk in chunks {
        events += framer.append(chunk[...])
        #expect(framer.bufferedByteCount <= limit + 1)
    }
    if finish, let last = framer.finish() { events.append(last) }
    return describe(events)
}

@Suite struct LineFramerTests {
    @Test func splitsLinesInOneChunk() {
        #expect(frame([bytes("a\nbb\nccc\n")]) == ["a", "bb", "ccc"])
    }

    @Test func acceptsCRLFAndSkipsEmptyLines() {
        #expect(frame([bytes("a\r\n\r\n\n  \t \r\nb\n\n")]) == ["a", "b"])
        // A lone \r inside a line is content.
        #expect(frame([bytes("a\rb\n")]) == ["a\rb"])
    }

    @Test func keepsAnUnfinishedLineUntilItsNewline() {
        var framer = LineFramer(maxFrameBytes: 64)
        #expect(framer.append(bytes("{\"a\":")[...]).isEmpty)
        #expect(framer.bufferedByteCount == 5)
        #expect(describe(framer.append(bytes("1}\n{\"b\"")[...])) == ["{\"a\":1}"])
        #expect(describe(framer.append(bytes(":2}\r")[...])).isEmpty)
        #expect(describe(framer.append(bytes("\n")[...])) == ["{\"b\":2}"])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func everySplitOffsetGivesTheSameLines() {
        let stream = bytes("{\"jsonrpc\":\"2.0\",\"id\":1}\r\n\n{\"id\":\"é😀\"}\n  \nlast\r\n")
        let expected = ["{\"jsonrpc\":\"2.0\",\"id\":1}", "{\"id\":\"é😀\"}", "last"]
        for first in 0...stream.count {
            for second in first...stream.count {
                let chunks = [Array(stream[0..<first]), Array(stream[first..<second]), Array(stream[second...])]
                #expect(frame(chunks) == expected, "split at \(first), \(second)")
            }
        }
        #expect(frame(stream.map { [$0] }) == expected)
    }

    @Test func randomChunkingMatchesLineSplitting() {
        var generator = SeededGenerator(seed: 77)
        for _ in 0..<300 {
            var stream: [UInt8] = []
            var expected: [String] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let length = Int.random(in: 0...20, using: &generator)
                let line = String((0..<length).map { _ in "abc{}\" é".randomElement(using: &generator)! })
                stream += bytes(line) + (Bool.random(using: &generator) ? [0x0D, 0x0A] : [0x0A])
                if line.contains(where: { $0 != " " }) { expected.append(line) }
            }
            var chunks: [[UInt8]] = []
            var position = 0
            while position < stream.count {
                let size = Int.random(in: 1...9, using: &generator)
                chunks.append(Array(stream[position..<min(stream.count, position + size)]))
                position += size
            }
            #expect(frame(chunks) == expected)
        }
    }

    @Test func aLineOfExactlyTheLimitPasses() {
        let line = String(repeating: "x", count: 64)
        #expect(frame([bytes(line + "\n")]) == [line])
        #expect(frame([bytes(line + "\r\n")]) == [line])
        // Split so that the \r is buffered at the limit + 1.
        #expect(frame([bytes(line + "\r"), bytes("\n")]) == [line])
        #expect(frame([bytes(line), bytes("\r"), bytes("\n")]) == [line])
    }

    @Test func aLongerLineIsOversizedOnce() {
        let line = String(repeating: "x", count: 65)
        #expect(frame([bytes(line + "\nok\n")]) == ["<oversized 64>", "ok"])
        #expect(frame([bytes(line + "\r\nok\n")]) == ["<oversized 64>", "ok"])
    }

    @Test func anOversizedLineIsReportedBeforeItsEndArrivesAndDropped() {
        var framer = LineFramer(maxFrameBytes: 16)
        let events = framer.append(bytes(String(repeating: "y", count: 40))[...])
        #expect(describe(events) == ["<oversized 16>"])
        #expect(framer.bufferedByteCount == 0)
        // The rest of that line is dropped without being buffered or reported again.
        #expect(framer.append(bytes(String(repeating: "y", count: 1000))[...]).isEmpty)
        #expect(framer.bufferedByteCount == 0)
        #expect(describe(framer.append(bytes("tail\nnext\n")[...])) == ["next"])
    }

    @Test func oversizedAcrossChunksWithABufferedStart() {
        var framer = LineFramer(maxFrameBytes: 10)
        #expect(framer.append(bytes("12345")[...]).isEmpty)
        #expect(describe(framer.append(bytes("678901\nz\n")[...])) == ["<oversized 10>", "z"])
        #expect(framer.append(bytes("1234567890")[...]).isEmpty)
        #expect(framer.bufferedByteCount == 10)
        #expect(describe(framer.append(bytes("x")[...])) == ["<oversized 10>"])
    }

    @Test func bufferNeverPassesTheLimitPlusOne() {
        var framer = LineFramer(maxFrameBytes: 100)
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<2_000 {
            let size = Int.random(in: 1...300, using: &generator)
            let chunk = (0..<size).map { _ in Int.random(in: 0..<50, using: &generator) == 0 ? UInt8(0x0A) : UInt8(0x61) }
            framer.append(chunk[...]) { event in
                if case .line(let line) = event { #expect(line.count <= 100) }
            }
            #expect(framer.bufferedByteCount <= 101)
        }
    }

    @Test func callbackStyleMatchesArrayStyle() {
        let stream = bytes("a\nb\r\n" + String(repeating: "z", count: 70) + "\nc\n")
        var framer = LineFramer(maxFrameBytes: 64)
        var seen: [FramerEvent] = []
        framer.append(stream[...]) { seen.append($0) }
        var other = LineFramer(maxFrameBytes: 64)
        #expect(seen == other.append(stream))
        #expect(describe(seen) == ["a", "b", "<oversized 64>", "c"])
    }

    @Test func callbackCanStopByThrowing() {
        struct Stop: Error {}
        var framer = LineFramer(maxFrameBytes: 64)
        var count = 0
        #expect(throws: Stop.self) {
            try framer.append(bytes("a\nb\nc\n")[...]) { (_: FramerEvent) throws(Stop) in
                count += 1
                if count == 2 { throw Stop() }
            }
        }
        #expect(count == 2)
    }

    @Test func finishReturnsAnUnterminatedLastLine() {
        #expect(frame([bytes("a\nb")], finish: true) == ["a", "b"])
        #expect(frame([bytes("a\nb\r")], finish: true) == ["a", "b"])
        #expect(frame([bytes("a\n  ")], finish: true) == ["a"])
        #expect(frame([bytes("a\n")], finish: true) == ["a"])
        #expect(frame([bytes(String(repeating: "q", count: 100))], finish: true) == ["<oversized 64>"])
        var framer = LineFramer(maxFrameBytes: 8)
        _ = framer.append(bytes("abc")[...])
        _ = framer.finish()
        #expect(framer.finish() == nil)
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func linesAreSlicesOfTheChunkWhenTheyFitInIt() {
        let chunk = bytes("first\nsecond\n")
        var framer = LineFramer()
        let events = framer.append(chunk[...])
        guard case .line(let second) = events[1] else { Issue.record("expected a line"); return }
        #expect(second.startIndex == 6)
        #expect(Array(second) == bytes("second"))
        #expect(framer.maxFrameBytes == 1 << 20)
    }

    @Test func framedLinesDecodeAsRequests() {
        var framer = LineFramer(maxFrameBytes: 1024)
        let stream = bytes(#"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"# + "\r\n" + "[]\n" + "{bad\n")
        var decoded: [RPCIncoming] = []
        framer.append(stream[...]) { event in
            if case .line(let line) = event { decoded.append(RPCDecoder.decode(line: line)) }
        }
        #expect(decoded.count == 3)
        #expect(decoded[0] == .single(.request(RPCRequest(id: 1, method: "daemon.status"))))
        if case .emptyBatch = decoded[1] {} else { Issue.record("expected an empty batch") }
        if case .parseError = decoded[2] {} else { Issue.record("expected a parse error") }
    }
}
