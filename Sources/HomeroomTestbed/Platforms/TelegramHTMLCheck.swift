/// A rough check of `parse_mode` HTML as the Bot API reads it
/// (https://core.telegram.org/bots/api#html-style): only the listed tags, closed in order, and
/// "All <, > and & symbols that are not a part of a tag or an HTML entity must be replaced with
/// the corresponding HTML entities"; "All numerical HTML entities are supported. The API currently
/// supports only the following named HTML entities: &lt;, &gt;, &amp; and &quot;".
enum TelegramHTMLCheck {
    /// The tags the Bot API takes.
    static let tags: Set<String> = [
        "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a", "tg-emoji", "code",
        "pre", "blockquote",
    ]

    /// What the problem was.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The text a person sees of `html`, or why Telegram could not parse it.
    static func visibleText(of html: String) -> Result<String, Problem> {
        var visible = ""
        var open: [String] = []
        var rest = html[...]
        while let character = rest.first {
            switch character {
            case "<":
                guard let end = rest.firstIndex(of: ">") else {
                    return .failure(Problem(description: "unclosed start tag"))
                }
                var tag = rest[rest.index(after: rest.startIndex)..<end]
                let closing = tag.first == "/"
                if closing { tag = tag.dropFirst() }
                let name = String(tag.prefix { !$0.isWhitespace }).lowercased()
                guard tags.contains(name) else {
                    return .failure(Problem(description: "unsupported start tag \"\(name)\""))
                }
                if closing {
                    guard open.popLast() == name else {
                        return .failure(Problem(description: "unmatched end tag \"\(name)\""))
                    }
                } else {
                    open.append(name)
                }
                rest = rest[rest.index(after: end)...]
            case "&":
                guard let end = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: end) <= 10 else {
                    return .failure(Problem(description: "unsupported HTML entity"))
                }
                let name = rest[rest.index(after: rest.startIndex)..<end]
                let named: [Substring: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\""]
                if let value = named[name] {
                    visible += value
                } else if name.first == "#", let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                    visible.unicodeScalars.append(scalar)
                } else {
                    return .failure(Problem(description: "unsupported HTML entity \"&\(name);\""))
                }
                rest = rest[rest.index(after: end)...]
            case ">":
                return .failure(Problem(description: "unexpected \">\""))
            default:
                visible.append(character)
                rest = rest.dropFirst()
            }
        }
        guard open.isEmpty else { return .failure(Problem(description: "unclosed tag \"\(open.last ?? "")\"")) }
        return .success(visible)
    }
}
