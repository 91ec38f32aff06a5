import Foundation

/// Drives one fuzz connection: sends frames (each followed by a sentinel request whose answer
/// marks the end of that frame's answers), keeps at most `window` frames in flight, and checks
/// every answer against the frame's expectation. Answers to the methods used here are never
/// deferred, so they come back in the order the lines were sent.
final class FuzzConnectionRun {
    private let socket: LoadSocket
    private var generator: FuzzFrameGenerator
    private let frameCount: Int
    private let window: Int
    private(set) var tally = FuzzTally()

    init(socketPath: String, seed: UInt64, connection: Int, frames: Int, window: Int, paths: [String]) throws {
        socket = try LoadSocket(path: socketPath)
        generator = FuzzFrameGenerator(seed: seed, connection: connection, paths: paths)
        frameCount = frames
        self.window = window
    }

    func run() {
        // Frames sent and not yet closed by their sentinel; frame number `n` is at `n - base`.
        var inFlight: [(serial: Int, frame: FuzzFrame)] = []
        var base = 0
        var done = 0
        var sent = 0
        var collected: [Any] = []
        do {
            while done < frameCount {
                while sent < frameCount && sent - done < window {
                    let frame = generator.next()
                    try send(frame)
                    try socket.send(generator.sentinel(for: generator.lastSerial))
                    inFlight.append((generator.lastSerial, frame))
                    sent += 1
                }
                guard let line = try socket.readLine(timeoutMs: 60_000) else {
                    tally.fail("the daemon closed the connection after \(done) frames; next frame: \(describe(inFlight[done - base].frame))")
                    return
                }
                let answer: Any
                do {
                    answer = try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
                } catch {
                    tally.fail("the daemon sent a line that is not JSON: \(String(decoding: line.prefix(300), as: UTF8.self))")
                    return
                }
                if let object = answer as? [String: Any] {
                    if object["id"] == nil, object["method"] != nil {
                        tally.serverNotifications += 1
                        continue
                    }
                    // A sentinel's answer: its id, and the error for its method. An id alone
                    // is not enough: a damaged frame can turn its own id into one that looks
                    // like a sentinel's ("c2-7" with an "s" inserted).
                    if let text = object["id"] as? String, text.hasPrefix("s"), FuzzConnectionRun.answersSentinel(object) {
                        let (serial, frame) = inFlight[done - base]
                        guard text == generator.sentinelID(serial) else {
                            tally.fail("sentinel \(text) arrived while waiting for \(generator.sentinelID(serial)): answers out of order")
                            return
                        }
                        check(frame, answers: collected)
                        collected.removeAll(keepingCapacity: true)
                        done += 1
                        if done - base >= 4096 {
                            inFlight.removeFirst(done - base)
                            base = done
                        }
                        continue
                    }
                }
                collected.append(answer)
            }
        } catch {
            tally.fail("connection failed after \(done) frames: \(error)")
        }
    }

    /// Whether `object` is the daemon's answer to a `fuzz.sentinel` request (no such method).
    static func answersSentinel(_ object: [String: Any]) -> Bool {
        let error = object["error"] as? [String: Any]
        return error?["code"] as? Int == -32601 && (error?["message"] as? String)?.contains("\"fuzz.sentinel\"") == true
    }

    private func send(_ frame: FuzzFrame) throws {
        tally.frames += 1
        tally.bytesSent += frame.bytes.count
        tally.byCategory[frame.expectation.category, default: 0] += 1
        var start = 0
        for split in frame.splits + [frame.bytes.count] where split > start {
            try socket.send(Array(frame.bytes[start..<split]))
            start = split
        }
    }

    private func describe(_ frame: FuzzFrame) -> String {
        let text = String(decoding: frame.bytes.prefix(240), as: UTF8.self)
        return "\(frame.kind) \(text.debugDescription)\(frame.bytes.count > 240 ? "… (\(frame.bytes.count) bytes)" : "")"
    }

    /// Checks the shape every answer object must have, counts its error code, and returns its id.
    private func answerID(_ value: Any, frame: FuzzFrame) -> FuzzID? {
        guard let object = value as? [String: Any] else {
            tally.fail("expected an answer object for \(describe(frame)), got \(value)")
            return nil
        }
        guard object["jsonrpc"] as? String == "2.0" else {
            tally.fail("an answer without \"jsonrpc\": \"2.0\": \(object)")
            return nil
        }
        let hasResult = object["result"] != nil
        let error = object["error"] as? [String: Any]
        guard hasResult != (error != nil) else {
            tally.fail("an answer must have exactly one of result and error: \(object)")
            return nil
        }
        if let error {
            guard let code = error["code"] as? Int, let message = error["message"] as? String, !message.isEmpty else {
                tally.fail("an error without an integer code and a message: \(object)")
                return nil
            }
            tally.codes[code, default: 0] += 1
            if code == -32603 { tally.fail("internal error (a daemon bug) for \(describe(frame)): \(message)") }
        }
        guard let id = FuzzID(answer: object) else {
            tally.fail("an answer with an id that is neither a number, a string nor null: \(object)")
            return nil
        }
        return id
    }

    private func errorCode(_ value: Any) -> Int? {
        ((value as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int
    }

    private func check(_ frame: FuzzFrame, answers: [Any]) {
        switch frame.expectation {
        case .nothing:
            if answers.isEmpty { tally.silentFrames += 1 } else {
                tally.fail("expected no answer for \(describe(frame)), got \(answers)")
            }
        case .answer(let id, let codes):
            tally.framesNeedingAnswer += 1
            guard answers.count == 1 else {
                tally.fail("expected exactly one answer with id \(id) for \(describe(frame)), got \(answers.count): \(answers)")
                return
            }
            guard let got = answerID(answers[0], frame: frame) else { return }
            guard got == id else {
                tally.fail("expected the answer's id to be \(id) for \(describe(frame)), got \(answers[0])")
                return
            }
            if let codes, !codes.contains(errorCode(answers[0]) ?? 0) {
                tally.fail("expected an error \(codes.sorted()) for \(describe(frame)), got \(answers[0])")
                return
            }
            tally.answersWithTheirId += 1
        case .nullError(let codes):
            guard answers.count == 1, let got = answerID(answers[0], frame: frame) else {
                tally.fail("expected one error with id null for \(describe(frame)), got \(answers.count): \(answers)")
                return
            }
            guard got == .null, let code = errorCode(answers[0]), codes.contains(code) else {
                tally.fail("expected an error \(codes.sorted()) with id null for \(describe(frame)), got \(answers[0])")
                return
            }
            tally.nullErrors += 1
        case .oneOf(let ids):
            guard answers.count == 1, let got = answerID(answers[0], frame: frame) else {
                tally.fail("expected one answer for \(describe(frame)), got \(answers.count): \(answers)")
                return
            }
            guard ids.contains(got) else {
                tally.fail("expected an answer with one of the ids \(ids) for \(describe(frame)), got \(answers[0])")
                return
            }
            if got == .null { tally.nullErrors += 1 } else {
                tally.framesNeedingAnswer += 1
                tally.answersWithTheirId += 1
            }
        case .batch(let ids):
            guard answers.count == 1, let array = answers[0] as? [Any] else {
                tally.fail("expected one array of \(ids.count) answers for \(describe(frame)), got \(answers)")
                return
            }
            let got = array.compactMap { answerID($0, frame: frame) }
            guard got == ids else {
                tally.fail("expected a batch answer with ids \(ids) for \(describe(frame)), got \(got): \(array)")
                return
            }
            tally.batchAnswers += 1
            tally.batchElements += got.count
        case .atMostOne:
            switch answers.count {
            case 0: tally.damagedSilent += 1
            case 1:
                if let array = answers[0] as? [Any] {
                    for element in array { _ = answerID(element, frame: frame) }
                } else {
                    _ = answerID(answers[0], frame: frame)
                }
                tally.damagedAnswered += 1
            default:
                tally.fail("expected at most one answer for \(describe(frame)), got \(answers.count): \(answers)")
            }
        }
    }

    func close() { socket.close() }
}
