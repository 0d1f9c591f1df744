/// A fast 64-bit content fingerprint (FNV-1a) of a file's bytes, stored in `sources.hash`.
///
/// It tells a file that was only touched (same bytes, new modification time) from one that changed,
/// so a touched file costs one read and no index writes. It is not a cryptographic hash.
package enum ContentHash {
    /// The FNV-1a 64-bit hash of `bytes` as 16 lowercase hex digits.
    package static func hex<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
