extension String {
    /// The text with `&`, `<` and `>` written as entities: how Slack's message text and Teams'
    /// HTML-ish text take them literally.
    var escapingMarkup: String {
        guard contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return self }
        return replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
