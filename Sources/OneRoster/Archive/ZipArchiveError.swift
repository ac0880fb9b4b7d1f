/// Why a ZIP archive, or one of the entries a OneRoster reader wants from it, was refused.
public enum ZipArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No end-of-central-directory record: the bytes are not a ZIP archive, or it was cut short.
    case notAnArchive
    /// The archive is split over several disks (`.z01`, `.z02`, …).
    case multipleDisks
    /// The archive needs ZIP64 records, which only archives past the reader's limits need.
    case zip64
    /// A central directory record or local header lies outside the archive or is malformed.
    case damaged(String)
    /// The entry is encrypted.
    case encrypted(String)
    /// The entry uses a compression method other than stored (0) or deflate (8).
    case unsupportedMethod(String, method: Int)
    /// The entry's compressed data is not a valid deflate stream or ends early.
    case corrupt(String)
    /// The entry inflates to a size other than the one its directory record gives.
    case sizeMismatch(String)
    /// The entry's CRC-32 is not the one its directory record gives.
    case checksumMismatch(String)
    /// Two entries in different folders share a file name the reader wants.
    case duplicate(String)

    public var description: String {
        switch self {
        case .notAnArchive: "not a ZIP archive (no end of central directory)"
        case .multipleDisks: "the ZIP archive is split over several disks"
        case .zip64: "the ZIP archive needs ZIP64, which no export within the limits needs"
        case .damaged(let what): "the ZIP archive is damaged: \(what)"
        case .encrypted(let name): "\(name) is encrypted in the ZIP archive"
        case .unsupportedMethod(let name, let method): "\(name) uses ZIP compression method \(method)"
        case .corrupt(let name): "\(name) is not valid deflate data"
        case .sizeMismatch(let name): "\(name) inflates to another size than the archive says"
        case .checksumMismatch(let name): "\(name) fails its CRC-32 check"
        case .duplicate(let name): "the ZIP archive holds \(name) twice"
        }
    }
}
