/// What `menuctl menu` opens a menu for: the protocol's `target`.
public enum MenuTargetOption: Sendable, Equatable {
    /// One path: `{"path": p}`.
    case path(String)
    /// Several paths: `{"paths": [...]}`.
    case paths([String])
    /// `--row N`: `{"row": n}`.
    case row(Int)
    /// `--background`: `{"background": true}`.
    case background
}
