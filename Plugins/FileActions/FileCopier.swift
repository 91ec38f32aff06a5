import MenudNative

/// Copies an open file's bytes to a new file created in a folder's descriptor, in chunks, with
/// progress and cancellation. The copy is created exclusively (`O_CREAT | O_EXCL |
/// O_NOFOLLOW`: never over anything, not even through a dangling link); a copy that fails or is
/// cancelled is removed through the same descriptor.
enum FileCopier {
    static let chunkBytes = 1 << 20

    /// Copies `input` (read from its current offset) to `name` in `folder` with permission bits
    /// `mode`, if nothing has that name; returns `false` (and copies nothing) if something has.
    /// `inputName` and `shownName` name the file and the copy in messages; `progress` gets the
    /// bytes copied so far. With `unchangedFrom` (the source's size and modification time when
    /// the action was given it), a source written to while it was copied fails the copy, which
    /// is removed: it would hold parts of two versions.
    static func copy(
        _ input: FileDescriptor, named inputName: String, mode: UInt32, into folder: DirectoryDescriptor, as name: [UInt8], shownName: String,
        unchangedFrom expected: (size: Int64, mtimeMs: Int64)? = nil, progress: (Int64) -> Void
    ) async throws -> Bool {
        let output: FileDescriptor
        switch folder.createFile(named: name, mode: mode & 0o777) {
        case .failure(let error): throw FileActionError("Cannot create \(shownName): \(error).")
        case .success(nil): return false
        case .success(let created?): output = created
        }
        do {
            var buffer = [UInt8](repeating: 0, count: chunkBytes)
            var copied: Int64 = 0
            while true {
                try Task.checkCancellation()
                let count: Int
                switch input.read(into: &buffer) {
                case .success(let got): count = got
                case .failure(let error): throw FileActionError("Reading \(inputName) failed: \(error.message).")
                }
                guard count > 0 else { break }
                if case .failure(let error) = output.write(buffer, 0..<count) {
                    throw FileActionError("Writing \(shownName) failed: \(error.message).")
                }
                copied += Int64(count)
                progress(copied)
                await Task.yield()
            }
            if let expected, case .success(let now) = input.status(), now.size != expected.size || now.mtimeMs != expected.mtimeMs {
                throw FileActionError(
                    "Cannot duplicate \(inputName): it was written to while it was being copied, so the copy was removed. Try again once it is ready.")
            }
            return true
        } catch {
            remove(name, createdAs: output, from: folder)
            throw error
        }
    }

    /// Removes the half-made copy, unless something else took its name meanwhile.
    private static func remove(_ name: [UInt8], createdAs output: FileDescriptor, from folder: DirectoryDescriptor) {
        guard case .success(let made) = output.status(), case .success(let now) = folder.status(ofEntry: name),
            made.device == now.device, made.inode == now.inode
        else { return }
        _ = folder.removeEntry(name)
    }
}
