import CLibXML2

/// Resolves a link against a base address with libxml2, within ``FeedLimits/maximumDotSegments``:
/// libxml2 removes each `.` or `..` segment by moving the rest of the path, so a link of ten
/// thousand `../` took a second, where the same work of a few segments takes microseconds.
enum LinkResolution {
    /// `reference` resolved against `base`; nil when libxml2 cannot read them, or when either has
    /// more than ``FeedLimits/maximumDotSegments`` `.` and `..` segments.
    static func resolve(_ reference: String, against base: String) -> String? {
        guard dotSegments(in: reference) <= FeedLimits.maximumDotSegments,
            dotSegments(in: base) <= FeedLimits.maximumDotSegments
        else { return nil }
        let resolved = Array(reference.utf8CString).withUnsafeBufferPointer { reference in
            Array(base.utf8CString).withUnsafeBufferPointer { base in
                reference.withMemoryRebound(to: xmlChar.self) { reference in
                    base.withMemoryRebound(to: xmlChar.self) { xmlBuildURI(reference.baseAddress, $0.baseAddress) }
                }
            }
        }
        guard let resolved else { return nil }
        defer { homeroom_xmlFree(resolved) }
        return String(cString: resolved)
    }

    /// The path segments of `address` that are `.` or `..`, up to its query or fragment.
    static func dotSegments(in address: String) -> Int {
        var count = 0
        var dots = 0
        // Dots since the last `/`, or -1 once the segment holds anything else.
        for byte in address.utf8 {
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "#"):
                return count + ((1...2).contains(dots) ? 1 : 0)
            case UInt8(ascii: "/"):
                if (1...2).contains(dots) { count += 1 }
                dots = 0
            case UInt8(ascii: "."):
                if dots >= 0 { dots += 1 }
            default:
                dots = -1
            }
        }
        return count + ((1...2).contains(dots) ? 1 : 0)
    }
}
