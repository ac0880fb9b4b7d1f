import HomeroomCore

extension Phrasebook {
    /// What the Mattermost adapter says of its own: which commands an unverified sender may not
    /// run.
    static let mattermost = Phrasebook("HomeroomMattermost", files: EmbeddedCatalogs.files)
}
