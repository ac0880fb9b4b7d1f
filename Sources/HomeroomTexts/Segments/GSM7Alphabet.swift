/// The GSM 7-bit default alphabet and its extension table (3GPP TS 23.038, section 6.2.1 and
/// 6.2.1.1): which Unicode scalars a GSM-7 message can carry and how many septets each takes.
enum GSM7Alphabet {
    /// The basic table's 127 characters (code 0x1B is the escape to the extension table), one
    /// septet each, in table order.
    private static let basic: Set<Unicode.Scalar> = Set(
        ("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
            + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà").unicodeScalars)

    /// The extension table's characters, each sent as the escape septet and one more: form feed
    /// and ^ { } \ [ ~ ] | €.
    private static let extended: Set<Unicode.Scalar> = Set("\u{0C}^{}\\[~]|€".unicodeScalars)

    /// The septets `scalar` takes in GSM-7 (1, or 2 for the extension table), or nil when GSM-7
    /// cannot carry it and the message must go as UCS-2.
    static func septets(for scalar: Unicode.Scalar) -> Int? {
        if basic.contains(scalar) { return 1 }
        if extended.contains(scalar) { return 2 }
        return nil
    }
}
