import HomeroomCore

extension Phrasebook {
    /// What every webhook platform says when the bot has no answer of its own to give: nothing to
    /// answer, too many questions at once.
    static let webhooks = Phrasebook("HomeroomWebhooks", files: EmbeddedCatalogs.files)
}
