/// How many SMS segments a text takes, as Twilio bills and carriers deliver it ("What the heck
/// is a segment?", https://www.twilio.com/docs/glossary/what-sms-character-limit): GSM-7 when
/// every character is in 3GPP TS 23.038's default alphabet or extension table, otherwise UCS-2;
/// one segment holds 160 septets or 70 UTF-16 units, and each part of a longer message 153 or 67.
///
/// Parts are counted by walking the text, not by dividing: an extension character's two septets
/// and a surrogate pair's two units are never split across parts, so a part may end one unit
/// short. Empty text is still one (empty) segment.
package struct SegmentCount: Sendable, Equatable {
    /// The encoding the text is sent in.
    package let encoding: SMSEncoding
    /// Septets for GSM-7, UTF-16 code units for UCS-2.
    package let units: Int
    /// The segments the text is sent as (at least 1).
    package let segments: Int

    /// Counts `text`.
    package init(of text: some StringProtocol) {
        let septetSizes = text.unicodeScalars.lazy.map(GSM7Alphabet.septets(for:))
        if !septetSizes.contains(nil) {
            self.init(encoding: .gsm7, unitSizes: septetSizes.map { $0 ?? 0 })
        } else {
            self.init(encoding: .ucs2, unitSizes: text.unicodeScalars.lazy.map { $0.utf16.count })
        }
    }

    /// Counts a text whose characters take `unitSizes` units each in `encoding`.
    private init(encoding: SMSEncoding, unitSizes: some Sequence<Int>) {
        self.encoding = encoding
        let total = unitSizes.reduce(0, +)
        units = total
        guard total > encoding.singleSegmentCapacity else {
            segments = 1
            return
        }
        let capacity = encoding.concatenatedSegmentCapacity
        var parts = 1
        var used = 0
        for size in unitSizes {
            if used + size > capacity {
                parts += 1
                used = 0
            }
            used += size
        }
        segments = parts
    }
}
