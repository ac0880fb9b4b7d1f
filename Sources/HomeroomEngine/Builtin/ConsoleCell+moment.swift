import Foundation
import HomeroomCore

extension ConsoleCell {
    /// A cell of `instant`'s date and time at `school`, in the language of `words`.
    static func moment(_ instant: Date, _ words: Words, at school: SchoolCalendar) -> ConsoleCell {
        .lines([words.date(school.localDate(at: instant), .short), words.time(instant, at: school)])
    }
}
