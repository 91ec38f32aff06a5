import MenudNative

/// The folder of the page's files, opened once; each request's file is opened beneath it with
/// `openat2` (no symbolic link anywhere on the way, never above the folder) and read whole.
/// Reading every time keeps the server simple and lets a developer edit the page while the
/// daemon runs; the files are small.
final class WebDocumentFolder {
    let path: String
    private let directory: DirectoryDescriptor
    private let maxFileBytes: Int

    init(path: String, maxFileBytes: Int) throws(WebServerError) {
        guard path.hasPrefix("/") else { throw WebServerError(.documentFolder(path, "give an absolute path")) }
        switch DirectoryDescriptor.open(path: Array(path.utf8)) {
        case .failure(let error): throw WebServerError(.documentFolder(path, error.description))
        case .success(let directory): self.directory = directory
        }
        switch directory.status() {
        case .success(let status) where status.kind == .directory: break
        case .success: throw WebServerError(.documentFolder(path, "it is not a folder"))
        case .failure(let error): throw WebServerError(.documentFolder(path, error.description))
        }
        self.path = path
        self.maxFileBytes = maxFileBytes
    }

    /// The file the request path names, or nil (the server answers 404): not a servable name,
    /// missing, a link on the way, not a regular file, or larger than the limit.
    func response(for requestPath: String) -> WebResponse? {
        guard let file = WebDocumentPath.file(for: requestPath),
              case .success(let descriptor) = directory.openFile(beneath: file.path),
              case .success(let status) = descriptor.status(), status.size <= Int64(maxFileBytes) else { return nil }
        var body: [UInt8] = []
        body.reserveCapacity(Int(status.size))
        while true {
            guard case .success(let chunk) = descriptor.read(upTo: 65_536) else { return nil }
            if chunk.isEmpty { break }
            body.append(contentsOf: chunk)
            // The file may grow after fstat: the limit holds for what is read.
            if body.count > maxFileBytes { return nil }
        }
        return WebResponse(contentType: file.contentType, body: body, cacheControl: "no-cache")
    }
}
