extension String {
    /// The text with `&`, `<` and `>` written as entities: how HTML text, Slack's message text
    /// and Teams' HTML-ish text take them literally. The work is done on Unicode scalars: a `<`
    /// joined to a prepended letter before it (U+0D4E) or a `>` carrying a combining mark is not a
    /// `Character` of its own, but a browser or Slack still reads it as markup.
    public var escapingMarkup: String { escaping(["&": "&amp;", "<": "&lt;", ">": "&gt;"]) }

    /// The text escaped for an HTML attribute value in double or single quotes.
    public var escapingMarkupAttribute: String {
        escaping(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])
    }

    private func escaping(_ entities: [Unicode.Scalar: String]) -> String {
        guard unicodeScalars.contains(where: { entities[$0] != nil }) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            if let entity = entities[scalar] { result += entity } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
