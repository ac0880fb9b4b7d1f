import HomeroomCore

extension DirectionsPlugin {
    /// Every sentence the directions plugin says, in each shipped language (its Catalog folder).
    package static let catalogs = Phrasebook("Directions", files: EmbeddedCatalogs.files)

    public var phrasebook: Phrasebook { Self.catalogs }
}
