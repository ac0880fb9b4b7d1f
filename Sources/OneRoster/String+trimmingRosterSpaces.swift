extension StringProtocol {
    /// The text without the spaces, tabs and line breaks around it.
    func trimmingRosterSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
