/// What a new name for a file must be: one path component that stays in its directory.
enum NewNameRules {
    /// The longest name most Linux file systems accept, in bytes.
    static let maxNameBytes = 255

    /// Why `name` cannot be a file name, or `nil` when it can.
    static func problem(with name: String) -> String? {
        if name.isEmpty {
            return "The new name is empty; type a name."
        }
        if name == "." || name == ".." {
            return "\"\(name)\" is not a file name; type another name."
        }
        if name.contains("/") {
            return "A name cannot contain \"/\": renaming only changes the name, not the folder. Type a name without \"/\"."
        }
        if name.unicodeScalars.contains(where: { $0.value == 0 }) {
            return "A name cannot contain the NUL character; type a name without it."
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "A name cannot contain control characters such as line breaks or tabs; type a name without them."
        }
        if name.utf8.count > maxNameBytes {
            return "The new name is \(name.utf8.count) bytes long; file names can have at most \(maxNameBytes). Type a shorter name."
        }
        return nil
    }
}
