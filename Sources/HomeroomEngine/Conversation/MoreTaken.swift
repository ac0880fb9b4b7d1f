import HomeroomCore

/// What a `!more` found kept for its asker when it arrived.
package enum MoreTaken: Sendable, Equatable {
    /// Nothing: a plugin's own `more` may answer.
    case nothingKept
    /// The next page of what was kept in the conversation the `!more` came from.
    case here(MoreBook.Page)
    /// The next page of an answer for the asker alone (a notice in a channel): it stays theirs.
    case forTheAsker(MoreBook.Page)
}
