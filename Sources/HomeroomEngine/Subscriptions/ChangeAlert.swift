import Foundation
import HomeroomCore

/// The text of a change alert: what a subscriber reads when a day's topic they already got
/// changed — the topic's heading after "Changed:", its lines as they are now with the new ones
/// marked, then the lines that are gone, each "No longer: …". Short plain lines, fit for a text message.
enum ChangeAlert {
    /// The alert's lines in the language of `words`, from what the subscriber read (`before`) and
    /// what the topic says now (`after`), each a heading line then the body. A line that is there
    /// as often before as after is unchanged; an indented line keeps its indent in front of its mark.
    static func lines(before: [String], after: [String], _ words: Words) -> [String] {
        let heading = after.first ?? before.first ?? ""
        let (old, new) = (before.dropFirst(), after.dropFirst())
        var unmatchedOld = counts(of: old)
        var lines = [words("Changed: {heading}", ["heading": heading])]
        for line in new {
            if let count = unmatchedOld[line], count > 0 {
                unmatchedOld[line] = count - 1
                lines.append(line)
            } else {
                lines.append(marked(line) { words("{line} (new)", ["line": $0]) })
            }
        }
        var unmatchedNew = counts(of: new)
        for line in old {
            if let count = unmatchedNew[line], count > 0 {
                unmatchedNew[line] = count - 1
            } else {
                lines.append(marked(line) { words("No longer: {line}", ["line": $0]) })
            }
        }
        return lines
    }

    /// `line` with `mark` around its text, its leading spaces kept in front.
    private static func marked(_ line: String, _ mark: (String) -> String) -> String {
        let indent = line.prefix { $0 == " " }
        return indent + mark(String(line.dropFirst(indent.count)))
    }

    private static func counts(of lines: ArraySlice<String>) -> [String: Int] {
        lines.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
}
