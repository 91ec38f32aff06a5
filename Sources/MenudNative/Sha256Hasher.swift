import CCrypto
import Glibc

/// Incremental SHA-256 over libcrypto's EVP interface.
///
/// Not thread-safe (and not `Sendable`): use one hasher from one task at a time.
public final class Sha256Hasher {
    /// The EVP digest context; owned, freed in `deinit`.
    private let context: OpaquePointer

    /// A hasher ready for input.
    public init() throws(Sha256HasherError) {
        // libcrypto is opened on the first hash, not linked (Sources/CSharedLibrary).
        if let reason = menud_crypto_open() { throw .libraryMissing(String(cString: reason)) }
        guard let context = menud_EVP_MD_CTX_new() else { throw .crypto("EVP_MD_CTX_new") }
        self.context = context
        guard menud_EVP_DigestInit_ex(context, menud_EVP_sha256(), nil) == 1 else {
            menud_EVP_MD_CTX_free(context)
            throw .crypto("EVP_DigestInit_ex")
        }
    }

    deinit {
        menud_EVP_MD_CTX_free(context)
    }

    /// Feeds `bytes` to the digest.
    public func update(_ bytes: UnsafeRawBufferPointer) throws(Sha256HasherError) {
        guard bytes.count > 0 else { return }
        guard menud_EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else {
            throw .crypto("EVP_DigestUpdate")
        }
    }

    /// Feeds `bytes` to the digest.
    public func update(_ bytes: [UInt8]) throws(Sha256HasherError) {
        let status = bytes.withUnsafeBytes { buffer in
            buffer.count == 0 ? 1 : menud_EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
        }
        guard status == 1 else { throw .crypto("EVP_DigestUpdate") }
    }

    /// Returns the digest of everything fed so far and starts over with empty input.
    public func finalize() throws(Sha256HasherError) -> Sha256Digest {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = output.withUnsafeMutableBufferPointer { buffer in
            menud_EVP_DigestFinal_ex(context, buffer.baseAddress, &length)
        }
        guard status == 1, length == 32 else { throw .crypto("EVP_DigestFinal_ex") }
        guard menud_EVP_DigestInit_ex(context, menud_EVP_sha256(), nil) == 1 else { throw .crypto("EVP_DigestInit_ex") }
        return Sha256Digest(bytes: Array(output[0..<32]))
    }

    /// The digest of `bytes`.
    public static func digest(of bytes: [UInt8]) throws(Sha256HasherError) -> Sha256Digest {
        let hasher = try Sha256Hasher()
        try hasher.update(bytes)
        return try hasher.finalize()
    }
}
