import MenudProtocol
import MenudCore

extension TreeWatchService {
    /// Starts or goes on polling `path`, its last listing showing `subdirectories`; nil: stops
    /// polling it (it has a watch now).
    func setPolled(_ path: RelativePath, subdirectories: [RelativePath]?) {
        polled[path] = subdirectories
        if subdirectories == nil { polledPaths.remove(path) } else { polledPaths.insert(path) }
    }

    /// One polled directory listed again: files seen are observed, files known there but not
    /// listed are `lstat`ed again, subdirectories that appeared are crawled and those that went
    /// are forgotten. It costs what the directory holds (its files, plus a logarithm), not what
    /// the tree holds. The listing also tried for a watch, which it gets once the limit leaves
    /// room (directories removed elsewhere gave theirs back): the directory is watched from then on.
    func absorbPolled(_ directory: CrawledDirectory, changed: inout [RelativePath]) {
        guard let previous = polled[directory.path] else {
            // Not polled any more: it left the tree, or a crawl watched it since.
            if let watch = directory.watch, watches.watchOf[directory.path] != watch { discardWatch(watch) }
            return
        }
        if directory.listError != nil {
            // Unreadable still, or gone (the event or poll of its parent says so): no news.
            if let watch = directory.watch { discardWatch(watch) }
            return
        }
        guard absorbWatch(directory) else { return }
        finishRemovals(touching: directory.path)
        for file in directory.files where tracker.observe(file.path, facts: file.facts, initial: false) {
            changed.append(file.path)
        }
        let diff = DirectoryPollDiff(known: tracker.paths(directlyIn: directory.path), listed: directory.files.map(\.path),
                                     previousSubdirectories: previous, subdirectories: directory.subdirectories ?? [])
        guard !diff.isEmpty else { return }
        for path in diff.unlisted { dirty.insert(path) }
        for gone in diff.goneSubdirectories { dropSubtree(gone) }
        for new in diff.newSubdirectories where watches.watchOf[new] == nil && polled[new] == nil {
            startCrawl(.init(id: 0, directory: new, reason: .newDirectory))
        }
        scheduleFlush()
    }
}
