extension StringProtocol {
    /// The text without leading and trailing white space (spaces, tabs, line breaks and the other
    /// Unicode white space), as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`.
    public func trimmingWhitespace() -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
