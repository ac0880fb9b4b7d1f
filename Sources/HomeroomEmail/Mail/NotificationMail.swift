import HomeroomCore

/// A notification's lines as an e-mail's subject, plain text and HTML, with the footer that names
/// the school and links to the one-click unsubscribe. In the HTML, every character that came from
/// a notification, the school's name or the link is escaped (`<script>` shows as text).
struct NotificationMail {
    let subject: String
    let text: String
    let html: String

    /// The longest subject, in characters; a longer first line is cut with `…`.
    static let maximumSubjectLength = 90

    /// The mail of `lines`, from `school`, in `words`' language, unsubscribed at `unsubscribeURL`.
    init(lines: [String], school: String, unsubscribeURL: String, words: EmailWords) {
        let firstLine = lines.lazy.map { MailHeader.cleaned($0) }.first { !$0.isEmpty } ?? school
        subject = Self.shortened(firstLine)
        let footer = words.sentBy(school: school)
        text = (lines + ["", "-- ", footer, words.unsubscribeBefore, unsubscribeURL]).joined(separator: "\n")
        let language = words.language
        var html = """
            <!DOCTYPE html>
            <html lang="\(language.code.escapingMarkupAttribute)" dir="\(language.direction)">
            <head><meta charset="utf-8"><title>\(subject.escapingMarkup)</title></head>
            <body>

            """
        for line in lines.flatMap({ $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }) {
            html += line.isEmpty ? "<br>\n" : "<div>\(String(line).escapingMarkup)</div>\n"
        }
        html += """
            <hr>
            <p style="font-size:small;color:#555">\(footer.escapingMarkup) \
            <a href="\(unsubscribeURL.escapingMarkupAttribute)">\(words.unsubscribe.escapingMarkup)</a></p>
            </body>
            </html>

            """
        self.html = html
    }

    /// `line` cut to ``maximumSubjectLength`` characters, at a space when one is near the end.
    static func shortened(_ line: String) -> String {
        guard line.count > maximumSubjectLength else { return line }
        let cut = line.prefix(maximumSubjectLength - 1)
        let atSpace = cut.lastIndex(of: " ").map { cut[..<$0] }
        let kept = atSpace.flatMap { $0.count > maximumSubjectLength * 2 / 3 ? $0 : nil } ?? cut
        return kept + "…"
    }
}
