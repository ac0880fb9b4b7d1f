import HomeroomCore

extension Phrasebook {
    /// What the WhatsApp adapter says of its own.
    static let whatsapp = Phrasebook("HomeroomWhatsApp", files: EmbeddedCatalogs.files)
}
