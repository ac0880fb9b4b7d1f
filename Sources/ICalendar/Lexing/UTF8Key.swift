import Foundation

/// Text from the file as a dictionary key that hashes and compares its UTF-8 bytes. A `Substring` key
/// checks its text for Unicode normalization at every hash unless the whole file is ASCII; this key
/// hashes its bytes once, with the process's seeded hasher, and stays a view into the file.
struct UTF8Key: Hashable, Sendable {
    private var text: Substring
    private let digest: Int

    /// The bytes as they are: equal keys have equal bytes (enough for a cache of what the bytes read as).
    init(_ text: Substring) {
        self.text = text
        digest = self.text.withUTF8 { bytes in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }
    }

    /// Keys equal exactly when the texts are equal as Swift strings are (canonically equivalent): text
    /// that is not all ASCII is keyed by its NFC form.
    static func canonical(_ text: Substring) -> UTF8Key {
        var bytes = text
        // One OR over the bytes, which the compiler turns into wide operations.
        guard bytes.withUTF8({ $0.reduce(0, |) }) >= 0x80 else { return UTF8Key(text) }
        return UTF8Key(Substring(String(text).precomposedStringWithCanonicalMapping))
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        guard lhs.digest == rhs.digest else { return false }
        var left = lhs.text
        var right = rhs.text
        return left.withUTF8 { left in
            right.withUTF8 { right in
                guard left.count == right.count else { return false }
                guard let leftBytes = left.baseAddress, let rightBytes = right.baseAddress else { return true }
                return memcmp(leftBytes, rightBytes, left.count) == 0
            }
        }
    }
}
