import Glibc

/// An open file descriptor that closes itself when the last reference goes. Reads and writes
/// retry on `EINTR`; nothing here follows a path, so what it reads is the file that was opened.
public final class FileDescriptor: Sendable {
    /// The descriptor number, for system calls in this layer.
    public let number: Int32

    /// Takes ownership of `number`: it is closed when this object goes.
    public init(owning number: Int32) {
        self.number = number
    }

    deinit {
        Glibc.close(number)
    }

    /// `fstat` of the open file: the file itself, whatever its name points at now.
    public func status() -> Result<FileStatus, SystemError> {
        var info = Glibc.stat()
        guard fstat(number, &info) == 0 else { return .failure(.current("fstat")) }
        return .success(FileStatus(info))
    }

    /// Reads up to `count` bytes from the current offset; an empty array at the end of the file.
    public func read(upTo count: Int) -> Result<[UInt8], SystemError> {
        precondition(count > 0, "read needs a positive count")
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { raw -> Int in
            var result: Int
            repeat { result = Glibc.read(number, raw.baseAddress, raw.count) } while result < 0 && errno == EINTR
            return result
        }
        guard got >= 0 else { return .failure(.current("read")) }
        buffer.removeLast(count - got)
        return .success(buffer)
    }

    /// Reads up to `buffer.count` bytes into `buffer`; returns how many (0 at the end).
    public func read(into buffer: inout [UInt8]) -> Result<Int, SystemError> {
        let got = buffer.withUnsafeMutableBytes { raw -> Int in
            var result: Int
            repeat { result = Glibc.read(number, raw.baseAddress, raw.count) } while result < 0 && errno == EINTR
            return result
        }
        return got >= 0 ? .success(got) : .failure(.current("read"))
    }

    /// Writes all of `bytes[range]`, however many calls that takes.
    public func write(_ bytes: [UInt8], _ range: Range<Int>? = nil) -> Result<Void, SystemError> {
        let range = range ?? 0..<bytes.count
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wrote = bytes.withUnsafeBytes { raw -> Int in
                var result: Int
                repeat {
                    result = Glibc.write(number, raw.baseAddress! + offset, range.upperBound - offset)
                } while result < 0 && errno == EINTR
                return result
            }
            guard wrote > 0 else { return .failure(.current("write")) }
            offset += wrote
        }
        return .success(())
    }

    /// `fchmod`: sets the permission bits of the open file.
    public func setPermissions(_ mode: UInt32) -> Result<Void, SystemError> {
        fchmod(number, mode_t(mode & 0o7777)) == 0 ? .success(()) : .failure(.current("fchmod"))
    }

    /// `fsync`: the bytes written are on the disk when this returns.
    public func synchronize() -> Result<Void, SystemError> {
        fsync(number) == 0 ? .success(()) : .failure(.current("fsync"))
    }
}
