import Glibc
import MenudNative
import MenudText

/// The web page's secret and the file it is kept in for `menuctl web`: a new one at every
/// start, written to a folder only this user can enter (made 0700 when missing; a symbolic
/// link or another user's folder is refused, since whoever controls the folder could read or
/// swap the secret), the file itself 0600, replaced whole so a reader never sees half of one.
struct WebTokenFile {
    let path: String

    /// 32 random bytes in URL-safe base64 (43 characters), fit for a URL and a cookie as is.
    static func makeSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let standard = Base64.encode(bytes).utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: standard, as: UTF8.self)
    }

    /// Writes `secret` (and a newline) to the file, making its folder first when needed.
    func write(_ secret: String) throws {
        let folder = PathText.deletingLastComponent(path)
        try preparePrivateFolder(folder)
        let temporary = "\(path).new-\(getpid())"
        _ = NativePath.unlink(Array(temporary.utf8))
        let number = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard number >= 0 else {
            throw StartupError("cannot create the web token file \(temporary): \(String(cString: strerror(errno)))")
        }
        let file = FileDescriptor(owning: number)
        if case .failure(let error) = file.setPermissions(0o600).flatMap({ file.write(Array((secret + "\n").utf8)) }) {
            _ = NativePath.unlink(Array(temporary.utf8))
            throw StartupError("cannot write the web token file \(temporary): \(error.message)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = NativePath.unlink(Array(temporary.utf8))
            throw StartupError("cannot put the web token at \(path): \(reason)")
        }
    }

    /// Removes the file, if it still holds `secret` (another daemon may have replaced it).
    func remove(ifHolding secret: String) {
        guard case .success(let bytes) = FileContents.read(path: Array(path.utf8), limit: 4096),
              String(decoding: bytes, as: UTF8.self).trimmingWhitespace() == secret else { return }
        _ = NativePath.unlink(Array(path.utf8))
    }

    private func preparePrivateFolder(_ folder: String) throws {
        let bytes = Array(folder.utf8)
        if case .failure(let error) = FileStatus.lstat(bytes), error.errno == ENOENT {
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw StartupError("cannot create the folder \(folder) for the web token: \(String(cString: strerror(errno))); check that its parent exists (is XDG_RUNTIME_DIR set right?)")
            }
        }
        switch FileStatus.lstat(bytes) {
        case .failure(let error):
            throw StartupError("cannot inspect the web token folder \(folder): \(error.message)")
        case .success(let status) where status.kind == .symlink:
            throw StartupError("the web token folder \(folder) is a symbolic link; remove it (menud makes a private folder there)")
        case .success(let status) where status.kind != .directory:
            throw StartupError("\(folder) is not a folder; remove it so menud can keep its web token there")
        case .success(let status) where status.uid != getuid():
            throw StartupError("the web token folder \(folder) belongs to uid \(status.uid), not to you; remove it or set XDG_RUNTIME_DIR to your own runtime folder")
        case .success(let status):
            if status.mode & 0o077 != 0, chmod(folder, 0o700) != 0 {
                throw StartupError("the web token folder \(folder) is open to other users (mode \(String(status.mode & 0o777, radix: 8))) and cannot be made private: \(String(cString: strerror(errno)))")
            }
        }
    }
}
