import Foundation

/// The seeds of a model test's random histories: `MENUD_MODEL_SEQUENCES` of them (default
/// 1,500), or the one `MENUD_MODEL_SEED` names, to replay a failure.
enum ModelSeeds {
    /// `stride` and `offset` give each model test its own histories.
    static func fromEnvironment(stride: UInt64, offset: UInt64) -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["MENUD_MODEL_SEED"].flatMap({ UInt64($0) }) { return [seed] }
        let count = environment["MENUD_MODEL_SEQUENCES"].flatMap { Int($0) } ?? 1500
        return (0..<UInt64(count)).map { $0 &* stride &+ offset }
    }
}
