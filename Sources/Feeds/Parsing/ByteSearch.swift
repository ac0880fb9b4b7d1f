#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Forward searches in a document's bytes, with `memchr` doing the scanning.
enum ByteSearch {
    /// The first position at or after `start` holding `byte`.
    static func next(_ byte: UInt8, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = haystack.baseAddress, start < haystack.count,
            let hit = memchr(base + start, Int32(byte), haystack.count - start)
        else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// The first position at or after `start` where `needle` begins.
    static func search(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var candidate = start
        while let found = next(needle[0], in: haystack, from: candidate) {
            guard found + needle.count <= haystack.count else { return nil }
            if UnsafeBufferPointer(rebasing: haystack[found..<(found + needle.count)]).elementsEqual(needle) {
                return found
            }
            candidate = found + 1
        }
        return nil
    }

    /// Whether `prefix` starts at `start`.
    static func starts(_ prefix: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        start + prefix.count <= haystack.count
            && UnsafeBufferPointer(rebasing: haystack[start..<(start + prefix.count)]).elementsEqual(prefix)
    }
}
