import Foundation
import MenudPluginAPI

extension TemporaryDirectory {
    /// Writes `relative` ("first"), takes it as the file a menu showed, then appends to it: the
    /// file an action is given has been written to since, as when a download goes on.
    func fileWrittenAfterItWasShown(_ relative: String) throws -> TargetFile {
        try write(relative, "first")
        let file = try self.file(relative)
        guard let handle = FileHandle(forWritingAtPath: path + "/" + relative) else {
            throw CocoaError(.fileNoSuchFile)
        }
        handle.seekToEndOfFile()
        handle.write(Data(", more".utf8))
        try handle.close()
        return file
    }
}
