/// What a menu was opened on.
public enum MenuTargetKind: String, Sendable, Hashable, CaseIterable {
    /// One file (`{"path": p}` or `{"row": n}`).
    case file
    /// Several files chosen together (`{"paths": [...]}`); offer only actions that accept several files.
    case selection
    /// The watched directory itself (`{"background": true}`). The runtime builds the per-file rows;
    /// plugins add directory-wide actions, seeing the folder through ``MenuTarget/directory``
    /// (counts, and pages on request) rather than a list of every file.
    case directory
}
