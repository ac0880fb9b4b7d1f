import HomeroomCore

extension Phrasebook {
    /// What the runtime says: the dispatcher's refusals, help, `/me`, `/day`, links, logins,
    /// subscriptions and channel switches.
    package static let engine = Phrasebook("HomeroomEngine", files: EmbeddedCatalogs.files)
}
