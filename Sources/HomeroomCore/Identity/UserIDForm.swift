/// How one adapter writes its users' ids, so that a name a user types can be read as one of them.
///
/// An id is `adapter:id` (``UserID``). Some adapters start `id` with parts that every user of one
/// server shares, such as IRC's network in `irc:school:alice`: a bare name typed by one of their
/// users (`alice`) takes those parts from the user who typed it. The runtime registers one form
/// per adapter it runs; ``PeopleDirectory`` reads typed names by them.
package struct UserIDForm: Sendable {
    /// The adapter's name, as its users' ids start (`irc`).
    package let adapter: String
    /// How many `:`-separated parts at the start of an id a bare name shares with its asker's:
    /// 1 for IRC's network, 0 where a name alone is the id.
    package let sharedParts: Int
    /// Where the platform's own ids start with a sigil and hold a `:` (Matrix's
    /// `@alice:school.example`), that sigil: such a name typed without `adapter:` is an id of this
    /// adapter, whole, and a bare name typed by one of its users (`ben`) is on the asker's server
    /// (`@ben:school.example`).
    package let idSigil: Character?

    /// The form of `adapter`'s ids, whose first `sharedParts` parts a bare name shares with its
    /// asker's, and whose platform ids start with `idSigil` when given.
    package init(adapter: String, sharedParts: Int = 0, idSigil: Character? = nil) {
        self.adapter = adapter
        self.sharedParts = max(0, sharedParts)
        self.idSigil = idSigil
    }
}
