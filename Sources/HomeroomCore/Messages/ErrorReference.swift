import Logging

/// A short code that ties what a user is told about an unexpected error to the log entry an admin
/// reads: four uppercase hex digits (`3F9A`), shown in place of the error itself, which may hold
/// paths, SQL or another person's data.
package struct ErrorReference: Sendable, Hashable, CustomStringConvertible {
    /// The four hex digits, from `1000` to `FFFF`.
    package let code: String

    /// A new reference drawn from `generator`.
    package init(using generator: inout some RandomNumberGenerator) {
        code = String(UInt32.random(in: 0x1000...0xFFFF, using: &generator), radix: 16, uppercase: true)
    }

    /// Logs `error` at error level as `message`, with `metadata` plus the error and a new
    /// reference; returns the reference to show the user.
    package static func logging(
        _ error: any Error, as message: Logger.Message, metadata: Logger.Metadata, to logger: Logger
    ) -> ErrorReference {
        var generator = SystemRandomNumberGenerator()
        let reference = ErrorReference(using: &generator)
        logger.error(
            message, metadata: metadata.merging(["reference": "\(reference)", "error": "\(error)"]) { _, new in new })
        return reference
    }

    package var description: String { code }
}
