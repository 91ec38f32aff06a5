import MenudJSON
import MenudProtocol

extension MenuObject {
    /// Reads `menu.open`'s `menu` tolerantly (``DecodingMode/tolerant``: a newer or odd daemon's
    /// menu is shown with what can be read of it); a menu or item without an id is an error.
    public init(reading value: JSONValue) throws(MenuctlError) {
        guard let object = value.objectValue else {
            throw .failure("the daemon sent a menu that is not an object: \(value.jsonText)")
        }
        do {
            try self.init(from: object, mode: .tolerant)
        } catch {
            throw .failure("the daemon sent a menu menuctl cannot read (\(error.message)): \(value.jsonText)")
        }
    }
}
