import HomeroomCore

extension Phrasebook {
    /// What the `homeroom` command says to the person at its console: the lines it starts with.
    static let homeroom = Phrasebook("homeroom", files: EmbeddedCatalogs.files)
}
