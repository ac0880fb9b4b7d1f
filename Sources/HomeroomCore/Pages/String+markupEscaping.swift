extension String {
    /// The text with `&`, `<` and `>` written as entities: how HTML text, Slack's message text
    /// and Teams' HTML-ish text take them literally.
    public var escapingMarkup: String {
        guard contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return self }
        return replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The text escaped for an HTML attribute value in double or single quotes.
    public var escapingMarkupAttribute: String {
        escapingMarkup.replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
