import TestSupport

/// SplitMix64: a small seeded generator, so a failing fuzz run can be repeated with
/// `MENUD_FUZZ_SEED`.
struct FuzzRandom: RandomNumberGenerator {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }
}
