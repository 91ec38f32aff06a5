extension MimeTypeDetector {
    /// The detector with libmagic's default database, shared by every user, opened on first
    /// use (a daemon that never names a file type does not load libmagic or its database);
    /// nil when libmagic or its database cannot be opened.
    public static let system: MimeTypeDetector? = try? MimeTypeDetector()
}
