import HomeroomCore

/// What the e-mail adapter says itself, in a person's language: the footer of each notification
/// with its unsubscribe link, and the unsubscribe pages.
struct EmailWords {
    let words: Words

    /// The e-mail adapter's words in `language`.
    init(_ language: Language) {
        words = Words(.email, language)
    }

    /// The language the words are in.
    var language: Language { words.language }

    /// The footer's first sentence: who sent the e-mail.
    func sentBy(school: String) -> String {
        words("{school} sent you this e-mail.", ["school": school])
    }

    /// The footer's line in the plain text, before the unsubscribe link.
    var unsubscribeBefore: String {
        words("To get no more e-mails from us, open this link:")
    }

    /// The unsubscribe link's text and the unsubscribe page's button.
    var unsubscribe: String {
        words("Unsubscribe")
    }

    /// The unsubscribe page's title.
    var pageTitle: String {
        words("Unsubscribe from e-mails")
    }

    /// The unsubscribe page's question, over its button.
    func confirm(address: String, school: String) -> String {
        words("Stop every e-mail from {school} to {address}?", ["school": school, "address": address])
    }

    /// What the page says once the address is unsubscribed.
    func done(address: String, school: String) -> String {
        words("Done: {address} gets no more e-mails from {school}.", ["address": address, "school": school])
    }

    /// A link cut short or mangled by a mail program.
    var linkIncomplete: String {
        words(
            "This unsubscribe link is incomplete. Open the whole link from the e-mail, or ask the school to stop the e-mails."
        )
    }

    /// A link that was not made by this server.
    var linkInvalid: String {
        words(
            "This unsubscribe link is not valid. Open the link from the e-mail again, or ask the school to stop the e-mails."
        )
    }

    /// A link past its time.
    var linkExpired: String {
        words(
            "This unsubscribe link has expired. Use the link in a newer e-mail from us, or ask the school to stop the e-mails."
        )
    }

    /// A post that was not a one-click unsubscribe (RFC 8058).
    var notOneClick: String {
        words("Use the Unsubscribe button on the page of this link.")
    }
}
