import HomeroomCore

extension EventsPlugin {
    /// Every sentence the events plugin says, in each shipped language (its Catalog folder).
    package static let catalogs = Phrasebook("Events", files: EmbeddedCatalogs.files)

    public var phrasebook: Phrasebook { Self.catalogs }
}
