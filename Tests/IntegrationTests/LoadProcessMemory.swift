import Foundation
import XCTest

/// A process's memory as `/proc/PID/status` tells it, for the tests' "memory stays flat"
/// checks.
enum LoadProcessMemory {
    /// One field of `/proc/PID/status` in kB (`VmRSS`, `VmSize`...).
    static func kilobytes(_ field: String, of pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let value = Double(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") else {
            throw DaemonTestError("no \(field) in /proc/\(pid)/status")
        }
        return value
    }

    /// VmRSS in MB (10^6 bytes).
    static func residentMegabytes(_ pid: Int32) throws -> Double {
        try kilobytes("VmRSS", of: pid) * 1024 / 1_000_000
    }

    /// Whether the process runs under AddressSanitizer: its shadow memory reserves more than
    /// 16 TiB of address space, which nothing else here does. Its quarantine keeps freed memory
    /// resident, so RSS bounds mean nothing then.
    static func isAddressSanitized(_ pid: Int32) -> Bool {
        ((try? kilobytes("VmSize", of: pid)) ?? 0) * 1024 > Double(UInt64(1) << 44)
    }

    /// Asserts that RSS grew by less than `megabytes` from `before` to `after`, unless the
    /// daemon runs under AddressSanitizer (then it says why it does not check).
    static func assertFlat(pid: Int32, before: Double, after: Double, allowed megabytes: Double, _ what: String,
                           file: StaticString = #filePath, line: UInt = #line) {
        if isAddressSanitized(pid) {
            print("\(what): not checking memory (\(String(format: "%.1f", before)) → \(String(format: "%.1f", after)) MB): the daemon runs under AddressSanitizer, whose quarantine keeps freed memory")
            return
        }
        XCTAssertLessThan(after - before, megabytes, "\(what): memory stays flat (+\(Int(megabytes)) MB allowed)", file: file, line: line)
    }
}
