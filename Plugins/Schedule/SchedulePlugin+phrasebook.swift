import HomeroomCore

extension SchedulePlugin {
    /// Every sentence the schedule plugin says, in each shipped language (its Catalog folder).
    package static let catalogs = Phrasebook("Schedule", files: EmbeddedCatalogs.files)

    public var phrasebook: Phrasebook { Self.catalogs }
}
