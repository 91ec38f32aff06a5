/// Why the watched folder could not be opened for a use.
enum RootUnavailable: Error, Equatable {
    /// It is gone, or its path names another folder than the one adopted.
    case gone
    /// The daemon had no file descriptor free to open it (at its open-file limit): the folder
    /// may be just as it was, and the same open may succeed a moment later.
    case outOfDescriptors
}
