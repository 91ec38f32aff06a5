import MenudCore
import MenudNative

extension FileFacts {
    init(_ status: FileStatus) {
        self.init(size: status.size, mtimeMs: status.mtimeMs, inode: status.inode, ctimeMs: status.ctimeMs)
    }
}
