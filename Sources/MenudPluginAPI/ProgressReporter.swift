/// Where an action reports how far along it is.
///
/// The runtime turns reports into `action.progress` notifications `{menu, fraction, message?}`
/// to the connection that dismissed the menu (and may drop reports that come too often).
public struct ProgressReporter: Sendable {
    private let sink: @Sendable (Double, String?) -> Void

    /// A reporter that hands every report to `sink` (the fraction already clamped to 0...1).
    public init(_ sink: @escaping @Sendable (_ fraction: Double, _ message: String?) -> Void) {
        self.sink = sink
    }

    /// Reports that `fraction` (0 = started, 1 = done) of the work is done, with an optional
    /// short message (`"1.2 GB of 4 GB"`). Values outside 0...1 are clamped; NaN is ignored.
    public func report(fraction: Double, message: String? = nil) {
        guard !fraction.isNaN else { return }
        sink(min(1, max(0, fraction)), message)
    }

    /// A reporter that drops every report.
    public static let ignoring = ProgressReporter { _, _ in }
}
