import MenudJSON
import MenudProtocol

extension StatusResult {
    /// Reads a `daemon.status` result tolerantly (``DecodingMode/tolerant``): whatever an older
    /// or odd daemon leaves out is in ``missingMembers``, and `menuctl` shows the rest. An answer
    /// that is not an object has no members.
    init(reading result: JSONValue) throws(MenuctlError) {
        do {
            try self.init(from: result.objectValue ?? JSONObject(), mode: .tolerant)
        } catch {
            throw .failure("the daemon's status cannot be read (\(error.message)): \(result.jsonText)")
        }
    }
}
