extension TargetCheck {
    /// Checks the watched folder itself before an action starts: `shown` is the folder the menu
    /// was opened in (its device and inode), `now` the folder the daemon has open now (`nil`
    /// when there is none: the root was removed or moved away, or its path names another
    /// folder the daemon has not taken as its root). A directory-wide action acts on "the
    /// folder", so it must be the folder the person saw; a file's action is refused the same way.
    public static func checkRoot(shown: FileNodeID?, now: FileNodeID?) -> TargetChange? {
        guard let shown else {
            return TargetChange(path: .root, kind: .unreachable, detail: "could not be opened when the menu opened")
        }
        guard let now else {
            return TargetChange(path: .root, kind: .unreachable,
                                detail: "is no longer at its path (it was removed or moved away, or another folder took its place)")
        }
        guard now == shown else {
            return TargetChange(path: .root, kind: .replaced, detail: "is another folder than the one the menu showed (its path was given to another folder)")
        }
        return nil
    }
}
