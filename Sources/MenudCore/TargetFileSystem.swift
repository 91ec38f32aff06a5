import MenudProtocol

/// Where ``TargetCheck`` gets the current facts of a path: the runtime answers from a descriptor
/// of the root (`openat2` beneath it, no links), tests from a dictionary.
public protocol TargetFileSystem {
    /// What is at `path` (relative to the root) now, without following links.
    func lookUp(_ path: RelativePath) -> PathLookup
}
