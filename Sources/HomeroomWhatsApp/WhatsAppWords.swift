import HomeroomCore

/// What the WhatsApp adapter says itself, in a person's language: its answers to STOP and START.
struct WhatsAppWords {
    let words: Words

    /// The WhatsApp adapter's words in `language`.
    init(_ language: Language) {
        words = Words(.whatsapp, language)
    }

    /// The answer to STOP: the opt-out is confirmed, and how to undo it.
    func optedOut(school: String) -> String {
        words(
            "{school}: you will get no more WhatsApp messages from us. Send START to get them again.",
            ["school": school])
    }

    /// The answer to START.
    func optedIn(school: String) -> String {
        words("{school}: you will get our WhatsApp messages again. Send STOP to stop them.", ["school": school])
    }
}
