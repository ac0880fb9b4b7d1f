import HomeroomCore

extension Announcement {
    /// The message as a reader of `language` gets it from `school`: a first line saying what it
    /// is (an urgent alert, a correction, an announcement) and from whom, then its text, in their
    /// language when a translation was given.
    package func lines(in language: Language, from school: School) -> [String] {
        let words = Words(.engine, language)
        let values: KeyValuePairs<String, String> = ["school": school.name]
        let header =
            if isUrgent {
                words("URGENT from {school}:", values)
            } else if corrects != nil {
                words("Correction from {school}:", values)
            } else {
                words("Announcement from {school}:", values)
            }
        return [header] + text(in: language).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
