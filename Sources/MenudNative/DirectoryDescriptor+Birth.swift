extension DirectoryDescriptor {
    /// When entry `name` of this directory was created (nanoseconds since the epoch, from
    /// `statx`'s birth time, a link not followed); nil when the file system does not record it
    /// or the call fails. Device and inode alone do not tell files apart: ext4 gives a new file
    /// the inode number of one just removed. (`statusAndBirth(ofEntry:)` gives it with the rest.)
    public func birthTime(ofEntry name: [UInt8]) -> Int64? {
        (try? statusAndBirth(ofEntry: name).get())?.birthNs
    }
}
