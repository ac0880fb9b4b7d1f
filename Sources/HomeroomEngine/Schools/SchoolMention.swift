import HomeroomCore

/// A school named at the end of a command's words: `/lunch tomorrow at Jefferson`.
struct SchoolMention {
    /// The school named.
    let school: School
    /// The words before `at`, which the command reads as its own.
    let rest: ArraySlice<String>

    /// The last `at SCHOOL` ending `words`, where SCHOOL is a name of the district's (loosely
    /// matched, ``District/school(named:)``); nil when the words end in no school's name, and
    /// then they are left to the command (`/directions at library` keeps its `at`).
    static func find(in words: ArraySlice<String>, district: District) -> SchoolMention? {
        guard words.count >= 2 else { return nil }
        var index = words.endIndex - 2
        while index >= words.startIndex {
            if words[index].lowercased() == "at",
                let school = district.school(named: words[(index + 1)...].joined(separator: " "))
            {
                return SchoolMention(school: school, rest: words[..<index])
            }
            index -= 1
        }
        return nil
    }
}
