@testable import HomeroomIRC

extension String {
    /// The names a channel answer leads with (`ada, bo: …` gives ["ada", "bo"]; "and N others" is
    /// not a name); empty when the line does not start with names.
    var addressees: [String] {
        guard let colon = range(of: ": ") else { return [] }
        let names = self[..<colon.lowerBound].components(separatedBy: ", ")
        guard names.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) || names.last?.hasPrefix("and ") == true
        else { return [] }
        return names.filter { !$0.contains(" ") }
    }

    /// The line without the names it leads with.
    var withoutAddressees: String {
        guard !addressees.isEmpty, let colon = range(of: ": ") else { return self }
        return String(self[colon.upperBound...])
    }
}

extension IRCMessage {
    /// True for a PRIVMSG to `channel` that says `text` after the names it is addressed to.
    func says(_ text: String, in channel: String) -> Bool {
        command == "PRIVMSG" && parameter(0) == channel && parameter(1)?.withoutAddressees == text
    }
}
