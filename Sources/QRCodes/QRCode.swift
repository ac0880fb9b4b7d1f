import CQREncode

/// A QR code symbol: a square of dark and light modules, encoded by libqrencode.
public struct QRCode: Sendable, Equatable {
    /// How much of the symbol may be damaged (a scuffed or partly covered print) and still read.
    public enum Correction: Sendable {
        /// About 7 %.
        case low
        /// About 15 %: the default for codes on a wall.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high

        var level: QRecLevel {
            switch self {
            case .low: QR_ECLEVEL_L
            case .medium: QR_ECLEVEL_M
            case .quartile: QR_ECLEVEL_Q
            case .high: QR_ECLEVEL_H
            }
        }
    }

    /// The text could not be encoded (too long for the largest symbol, or not text at all).
    public struct EncodingError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row-major modules, true for dark.
    private let modules: [Bool]

    /// Encodes `text` (UTF-8, byte mode) in the smallest symbol that holds it.
    public init(encoding text: String, correction: Correction = .medium) throws(EncodingError) {
        guard !text.isEmpty, !text.utf8.contains(0) else { throw EncodingError(description: "nothing to encode") }
        guard let symbol = QRcode_encodeString8bit(text, 0, correction.level) else {
            throw EncodingError(description: "the text is too long for a QR code (\(text.utf8.count) bytes)")
        }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        size = width
        modules = (0..<width * width).map { symbol.pointee.data[$0] & 1 == 1 }
    }

    /// True when the module at column `x`, row `y` is dark.
    public func isDark(x: Int, y: Int) -> Bool { modules[y * size + x] }
}
