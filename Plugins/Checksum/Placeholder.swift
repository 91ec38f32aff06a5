// Checksum
