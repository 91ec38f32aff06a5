import Foundation
import MenudLoop
import MenudNative
import XCTest

/// A connection delivers each read in the array of the read before when no one kept it; one a
/// reader kept stays as it was delivered, and a large read is not kept.
final class PipeReadTests: XCTestCase {
    func testAReadTheReaderKeptIsNotOverwrittenByTheNext() throws {
        let pipe = try AcceptedPipe("read")

        var kept: [[UInt8]] = []
        var total = 0
        var keepNext = true
        try pipe.connection.startReading { event in
            guard case .data(let bytes) = event else { return }
            total += bytes.count
            // Every other read is kept: the read after it finds that array shared and makes a
            // new one, and the read after one let go reuses its array.
            if keepNext { kept.append(bytes) }
            keepNext.toggle()
        }
        var sent = 0
        for round in 0..<12 {
            // Rounds 4 and 9 bring more than a kept read's largest capacity.
            let count = round == 4 || round == 9 ? 20_000 : 5 + round
            let message = [UInt8](repeating: UInt8(ascii: "a") + UInt8(round), count: count)
            try pipe.client.send(message)
            sent += count
            pipe.spin { total == sent }
            XCTAssertEqual(total, sent)
        }
        // Each kept read holds the bytes of one round only, as it was delivered.
        XCTAssertGreaterThanOrEqual(kept.count, 6)
        for read in kept {
            let first = try XCTUnwrap(read.first)
            XCTAssertTrue(read.allSatisfy { $0 == first }, "a kept read was overwritten by a later one")
        }
        XCTAssertEqual(pipe.close(), 0)
    }
}
