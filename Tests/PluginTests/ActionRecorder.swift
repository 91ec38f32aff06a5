import Foundation
import MenudPluginAPI
import Synchronization

/// Collects progress reports and log lines.
final class ActionRecorder: Sendable {
    private let reports = Mutex<[(Double, String?)]>([])
    private let lines = Mutex<[(PluginLogLevel, String)]>([])

    var progress: ProgressReporter {
        ProgressReporter { fraction, message in self.reports.withLock { $0.append((fraction, message)) } }
    }

    var log: PluginLogger {
        PluginLogger { level, message in self.lines.withLock { $0.append((level, message)) } }
    }

    var fractions: [Double] { reports.withLock { $0.map(\.0) } }
    var messages: [String?] { reports.withLock { $0.map(\.1) } }
    var logLines: [String] { lines.withLock { $0.map(\.1) } }
}
