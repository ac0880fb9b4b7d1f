import Foundation

/// One timed item of a school day: a period, a lunch wave, a passing time the school names, an
/// assembly.
struct BellPeriod: Sendable, Equatable {
    var name: String
    var start: Date
    var end: Date
    /// The lunch wave it belongs to (`1st Nutrition` → 1), nil when it is for everyone.
    var wave: Int?
    /// The block or period number (`Period 3`, `3rd Period`, `Block 3 (A Day)` → 3).
    var block: Int?

    init(name: String, start: Date, end: Date) {
        self.name = name
        self.start = start
        self.end = end
        wave = PeriodNaming.wave(of: name)
        block = PeriodNaming.block(of: name)
    }

    /// Under way at that instant: start ≤ instant < end.
    func contains(_ instant: Date) -> Bool { start <= instant && instant < end }

    /// Whole minutes until it ends, counted as a student reads a clock (12:17:30 to 12:30 is 12).
    func minutesLeft(at instant: Date) -> Int { Int((end.timeIntervalSince(instant) / 60).rounded(.down)) }

    /// Whole minutes until it starts, rounded up so that "starts in 0 min" is never said early.
    func minutesUntilStart(at instant: Date) -> Int { Int((start.timeIntervalSince(instant) / 60).rounded(.up)) }
}
