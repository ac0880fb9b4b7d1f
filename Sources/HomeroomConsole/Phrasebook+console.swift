import HomeroomCore

extension Phrasebook {
    /// What the web console and the hallway display say around the plugins' pages: signing in,
    /// the menu, the health page.
    static let console = Phrasebook("HomeroomConsole", files: EmbeddedCatalogs.files)
}
