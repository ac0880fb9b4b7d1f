import HomeroomCore

/// A school named at the end of a command's words: `/lunch tomorrow at Jefferson`.
struct SchoolMention {
    /// The school named.
    let school: School
    /// The words before `at`, which the command reads as its own.
    let rest: ArraySlice<String>

    /// The word before a school's name in a command: `/lunch at Jefferson`.
    static let commandKeywords: Set<String> = ["at"]
    /// The words before a school's name in a question in plain words: English `at`, Spanish
    /// `en` ("¿qué hay de almuerzo en Adams?"), Vietnamese `ở`, Arabic `في`.
    static let questionKeywords: Set<String> = ["at", "en", "ở", "في"]

    /// The last `at SCHOOL` ending `words` (or another of `keywords` before the name), where
    /// SCHOOL is a name of the district's (loosely matched, ``District/school(named:)``); nil
    /// when the words end in no school's name, and then they are left to the command
    /// (`/directions at library` keeps its `at`).
    static func find(
        in words: ArraySlice<String>, district: District, keywords: Set<String> = commandKeywords
    ) -> SchoolMention? {
        guard words.count >= 2 else { return nil }
        var index = words.endIndex - 2
        while index >= words.startIndex {
            if keywords.contains(words[index].lowercased()),
                let school = district.school(named: words[(index + 1)...].joined(separator: " "))
            {
                return SchoolMention(school: school, rest: words[..<index])
            }
            index -= 1
        }
        return nil
    }
}
