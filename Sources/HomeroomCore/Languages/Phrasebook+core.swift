extension Phrasebook {
    /// What the plugin SDK itself says: usage lines, missing permissions, dates it cannot read.
    package static let core = Phrasebook("HomeroomCore", files: EmbeddedCatalogs.files)
}
