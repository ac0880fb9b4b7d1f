import HomeroomCore

extension LunchPlugin {
    /// Every sentence the lunch plugin says, in each shipped language (its Catalog folder).
    package static let catalogs = Phrasebook("Lunch", files: EmbeddedCatalogs.files)

    public var phrasebook: Phrasebook { Self.catalogs }
}
