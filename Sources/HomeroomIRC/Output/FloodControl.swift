import Foundation

/// The outgoing token bucket: `burst` lines may go at once, then one every `secondsPerLine`,
/// and a long line costs more (servers count bytes as well as lines). Off, every line goes at once.
public struct FloodControl: Sendable, Equatable {
    public var isEnabled: Bool
    public var burst: Double
    public var secondsPerLine: Double

    /// The defaults: a burst of 4, then a line every 1.5 s, which keeps under the limits of the
    /// common servers (ngircd: 3 lines a second and a 2 KB buffer; Libera: about 1 a second after a burst).
    public init(isEnabled: Bool = true, burst: Double = 4, secondsPerLine: Double = 1.5) {
        self.isEnabled = isEnabled
        self.burst = burst
        self.secondsPerLine = secondsPerLine
    }

    /// What a line of `bytes` costs, in lines: 1, plus a share for every byte over 200.
    static func cost(ofLineBytes bytes: Int) -> Double {
        1 + Double(max(0, bytes - 200)) / 400
    }
}
