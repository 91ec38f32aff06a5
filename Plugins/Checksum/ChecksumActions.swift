import MenudText
import Glibc
import MenudNative
import MenudPluginAPI

/// The `checksum` plugin: a "SHA-256" item for a single complete file.
///
/// The action opens the file beneath the root (``ActionContext/openForReading(_:)``: never
/// through a link, never a FIFO, never another file than the menu showed), streams that open
/// file through libcrypto's SHA-256, reports progress for files larger than
/// ``progressThresholdBytes``, stops when cancelled, and answers with the hex digest as output
/// (`sha256sum`'s format). Pending files (still being written) get the item disabled:
/// a digest of half a file is worse than none.
///
/// Settings: `progressThresholdBytes` (integer ≥ 0, default 8 MiB).
public struct ChecksumActions: MenudPlugin {
    /// Registers the plugin under the name `checksum`.
    public static let factory = PluginFactory(name: "checksum") { settings in
        try ChecksumActions(settings: settings)
    }

    /// `"checksum"`.
    public let name = "checksum"
    /// The plugin's version.
    public let version = "1.0.0"
    /// Every file operation goes through the exact name bytes and the context's descriptors.
    public let acceptsNamesThatAreNotUTF8 = true
    /// Files larger than this report progress while they are hashed.
    public let progressThresholdBytes: Int64

    /// A plugin reporting progress for files over `progressThresholdBytes`.
    public init(progressThresholdBytes: Int64 = 8 << 20) {
        precondition(progressThresholdBytes >= 0, "progressThresholdBytes must not be negative")
        self.progressThresholdBytes = progressThresholdBytes
    }

    /// A plugin configured from `settings`; throws ``PluginSettingsError`` for unknown keys or
    /// bad values.
    public init(settings: PluginSettings) throws {
        try settings.rejectUnknownKeys(allowed: ["progressThresholdBytes"])
        let threshold = try settings.int("progressThresholdBytes", default: 8 << 20)
        guard threshold >= 0 else {
            throw PluginSettingsError(
                key: settings.keyPath("progressThresholdBytes"), problem: "must not be negative",
                allowed: "a number of bytes, 0 or more")
        }
        self.init(progressThresholdBytes: threshold)
    }

    /// `["SHA-256"]`.
    public var actionTitles: [String] { ["SHA-256"] }

    /// The "SHA-256" item for a single file; nothing for selections and the directory. Built
    /// without I/O, so the daemon takes it on its loop.
    public func immediateItems(for target: MenuTarget) throws -> [MenuItem]? {
        guard let file = target.singleFile else { return [] }
        let threshold = progressThresholdBytes
        let item = MenuItem.action("SHA-256", id: "sha256", icon: "number", key: "h") { context in
            try await Self.hash(file, context: context, progressThresholdBytes: threshold)
        }
        guard file.state.isComplete else {
            return [item.disabled(because: StyledText("not while pending", color: .pending))]
        }
        return [item]
    }

    public func items(for target: MenuTarget) async throws -> [MenuItem] {
        try immediateItems(for: target) ?? []
    }

    /// Whether the open file still has the size and modification time the action was given.
    private static func isUnchanged(_ now: FileStatus, _ file: TargetFile) -> Bool {
        now.size == file.size && now.mtimeMs == file.mtimeMs
    }

    private static func hash(
        _ file: TargetFile, context: ActionContext, progressThresholdBytes: Int64
    ) async throws -> ActionOutcome {
        // The file the menu showed, opened beneath the root: a link, a folder or a FIFO swapped
        // in is refused (a FIFO without blocking), and the bytes hashed are that file's.
        let opened: FileDescriptor
        let status: FileStatus
        do {
            (opened, status) = try context.openForReadingWithStatus(file)
        } catch {
            // A file that is simply gone keeps the wording sha256sum users know.
            let reason = error.problem == .unreachable(.notFound)
                ? SystemError(errno: ENOENT, operation: "open").message : error.reason
            throw ActionFailure(Sha256HasherError.cannotOpen(path: file.absolutePath, reason: reason).message)
        }
        // Written to since the action started, or while it is hashed: the digest would be of
        // half a file, which is why the item is disabled while a file is pending.
        let changed = ActionFailure(
            "Cannot hash \(file.absolutePath): it was written to since the action started, so no digest of one version can be given. Try again once it is ready.")
        guard Self.isUnchanged(status, file) else { throw changed }
        let size = status.size
        let reportsProgress = size > progressThresholdBytes
        let total = FileSizeText.format(size)
        var lastPercent = -1
        let digest: Sha256Digest
        do {
            digest = try await Sha256Hasher.digest(of: opened, name: file.absolutePath) { hashed in
                guard reportsProgress, size > 0 else { return }
                let percent = Int(min(100, hashed * 100 / size))
                guard percent > lastPercent else { return }
                lastPercent = percent
                let done = FileSizeText.format(hashed)
                context.progress.report(fraction: Double(hashed) / Double(size), message: "\(done) of \(total)")
            }
        } catch let error as Sha256HasherError {
            throw ActionFailure(error.message)
        }
        // Asked again: the hashing took time, and a write in it would leave half a file's digest.
        guard case .success(let after) = opened.status(), Self.isUnchanged(after, file) else { throw changed }
        context.log.info("SHA-256 of \(file.path): \(digest.hex)")
        return ActionOutcome(message: "SHA-256 of \(file.name)", output: digest.hex)
    }
}
