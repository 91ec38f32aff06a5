import MenudCore
import MenudProtocol
import MenudNative
import MenudPluginAPI
import MenudText

/// The two views of the folder plugins get (``TargetDirectory``): a menu's, and a running
/// directory-wide action's.
extension DirectoryPages {
    /// For building a directory menu's items: `counts` as the menu opened, pages of the files as
    /// the tracker knows them when read (no identity: nothing is looked up on disk). A plugin
    /// that does not work from exact bytes is never given a name that is not valid UTF-8.
    func menuView(counts: ReadinessCounts, root: String, acceptsAnyName: Bool) -> TargetDirectory {
        TargetDirectory(counts: TargetFileCounts(counts)) { query in
            let page = try await read(query)
            let files = page.files.lazy.filter { acceptsAnyName || $0.path.isValidUTF8 }.map { tracked in
                DirectoryPages.targetFile(tracked.path, state: tracked.state, size: tracked.facts.size,
                                          mtimeMs: tracked.facts.mtimeMs, identity: nil, root: root)
            }
            return TargetFilePage(files: Array(files), next: page.next.map { query.starting(at: $0) })
        }
    }

    /// For a running directory-wide action: `counts` as it started; each page's files looked up
    /// beneath the root as the page is read (``TargetCheck/currentFiles(_:in:)``): only names
    /// still regular files, each with the identity and the state it has then.
    func actionView(counts: ReadinessCounts, root: String, rootDirectory: DirectoryDescriptor?,
                    acceptsAnyName: Bool) -> TargetDirectory {
        TargetDirectory(counts: TargetFileCounts(counts)) { query in
            let page = try await read(query)
            let reachable = page.files.filter { acceptsAnyName || $0.path.isValidUTF8 }
            // Looked up off the loop, on the action's thread.
            let checked: [CheckedFile]
            do {
                checked = try TargetCheck.currentFiles(reachable, in: BeneathRootFileSystem(root: rootDirectory))
            } catch let change as TargetChange {
                throw ActionFailure("\(change.sentence), so the action stopped there: the files before it were handled, the rest are left as they are.")
            }
            // The state asked for is the tracker's; a file found changed on disk is pending now.
            let files = checked.filter { file in query.state.map { $0.rawValue == file.state.rawValue } ?? true }.map { file in
                DirectoryPages.targetFile(file.path, state: file.state, size: file.size, mtimeMs: file.mtimeMs,
                                          identity: FileIdentity(device: file.node.device, inode: file.node.inode),
                                          birthNs: file.birthNs, root: root)
            }
            return TargetFilePage(files: files, next: page.next.map { query.starting(at: $0) })
        }
    }

    static func targetFile(_ path: RelativePath, state: MenudProtocol.FileState, size: Int64, mtimeMs: Int64,
                           identity: FileIdentity?, birthNs: Int64? = nil, root: String) -> TargetFile {
        let display = path.displayString
        return TargetFile(path: display, pathBytes: path.bytes, absolutePath: root + "/" + display,
                          state: MenudPluginAPI.FileState(rawValue: state.rawValue) ?? .pending,
                          size: size, sizeText: FileSizeText.format(size), mtimeMs: mtimeMs, identity: identity, birthNs: birthNs)
    }
}
