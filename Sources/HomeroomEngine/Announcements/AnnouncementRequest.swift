import CivilDates
import Foundation
import HomeroomCore

/// What `/announce` was asked: `[urgent] AUDIENCE "TEXT" [at [DATE] HH:MM] [LANGUAGE "TEXT"]…`.
package struct AnnouncementRequest {
    var isUrgent = false
    var audience: Audience
    var text: String
    /// The day and time it goes out, in school time; nil: now.
    var sendAt: Date?
    var translations: [Language: String] = [:]

    /// The longest text taken: a long letter belongs on the school's website, with a link here.
    static let maximumLength = 2000

    /// Reads `arguments` typed at `now` in `calendar`'s zone; a problem is told in `words`.
    package init(_ arguments: [String], now: Date, calendar: SchoolCalendar, _ words: Words) throws(UserFacingError) {
        var rest = arguments[...]
        if rest.first?.lowercased() == "urgent" {
            isUrgent = true
            rest = rest.dropFirst()
        }
        guard let (audience, count) = Audience.read(rest) else {
            throw UserFacingError(
                words(
                    "say whom it is for: everyone, students, staff, families, grade 9, class ID, circle NAME, or channels #name"
                ))
        }
        self.audience = audience
        rest = rest.dropFirst(count)
        guard let text = rest.popFirst()?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            throw UserFacingError(words("put the announcement's text in quotes after whom it is for"))
        }
        self.text = try Self.checked(text, words)
        if rest.first?.lowercased() == "at" {
            guard !isUrgent else { throw UserFacingError(words("an urgent alert goes at once: leave out the time")) }
            rest = rest.dropFirst()
            sendAt = try Self.time(&rest, now: now, calendar: calendar, words)
        }
        while let code = rest.popFirst() {
            guard let language = Language(code), language != .pseudo else {
                throw UserFacingError(
                    words(
                        "\"{word}\" is not a language: give a translation as a language and its text in quotes, like {example}",
                        ["word": code, "example": "es \"…\""]))
            }
            guard let translation = rest.popFirst()?.trimmingCharacters(in: .whitespacesAndNewlines),
                !translation.isEmpty
            else {
                throw UserFacingError(
                    words(
                        "put the {language} text in quotes after {code}",
                        ["language": language.nativeName, "code": code]))
            }
            translations[language] = try Self.checked(translation, words)
        }
    }

    /// `text` when it is not too long.
    private static func checked(_ text: String, _ words: Words) throws(UserFacingError) -> String {
        guard text.count <= maximumLength else {
            throw UserFacingError(
                words(
                    "the text is {count} characters long; an announcement takes at most {most}",
                    ["count": words.number(text.count), "most": words.number(maximumLength)]))
        }
        return text
    }

    /// The instant `[DATE] HH:MM` at the front of `rest` names, which must be in the future.
    private static func time(
        _ rest: inout ArraySlice<String>, now: Date, calendar: SchoolCalendar, _ words: Words
    ) throws(UserFacingError) -> Date {
        let today = calendar.localDate(at: now)
        var date: LocalDate?
        if let (parsed, count) = DateExpression.parse(prefixOf: rest, today: today) {
            date = parsed
            rest = rest.dropFirst(count)
        }
        guard let typed = rest.popFirst(), let time = ClockTime(parsing: typed) else {
            throw UserFacingError(
                words("give the time it goes out as HH:MM in school time, like {example}", ["example": "at 07:00"]))
        }
        var day = date ?? today
        var instant = calendar.instant(on: day, hour: time.hour, minute: time.minute)
        if date == nil, instant <= now {
            day = today.adding(days: 1)
            instant = calendar.instant(on: day, hour: time.hour, minute: time.minute)
        }
        guard instant > now else { throw UserFacingError(words("that time has passed: give one still to come")) }
        guard instant.timeIntervalSince(now) <= 366 * 86_400 else {
            throw UserFacingError(words("an announcement can wait a year at most"))
        }
        return instant
    }
}
