import HomeroomCore

extension RecipesPlugin {
    /// Every sentence the recipes plugin says, in each shipped language (its Catalog folder).
    package static let catalogs = Phrasebook("Recipes", files: EmbeddedCatalogs.files)

    public var phrasebook: Phrasebook { Self.catalogs }
}
