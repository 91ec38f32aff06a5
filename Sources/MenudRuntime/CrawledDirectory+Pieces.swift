/// A directory's listing cut in pieces (`CrawlReport.slices(maxFiles:)`).
extension CrawledDirectory {
    /// This directory with `files` instead of its own.
    func withFiles(_ files: CrawledFiles) -> CrawledDirectory {
        CrawledDirectory(path: path, identity: identity, watch: watch, watchError: watchError, listError: listError,
                         files: files, subdirectories: subdirectories)
    }

    /// More files of this directory, after its first piece: no watch, no error, no
    /// subdirectories (the first piece had them).
    func continued(with files: CrawledFiles) -> CrawledDirectory {
        CrawledDirectory(path: path, identity: identity, watch: nil, watchError: nil, listError: nil,
                         files: files, subdirectories: nil)
    }
}
