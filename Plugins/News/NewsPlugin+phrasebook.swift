import HomeroomCore

extension NewsPlugin {
    /// Every sentence the news plugin says, in each shipped language (its Catalog folder).
    package static let catalogs = Phrasebook("News", files: EmbeddedCatalogs.files)

    public var phrasebook: Phrasebook { Self.catalogs }
}
