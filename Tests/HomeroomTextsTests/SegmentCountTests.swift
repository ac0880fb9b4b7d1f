import Testing

@testable import HomeroomTexts

/// Segment counts as Twilio bills them: GSM-7 (3GPP TS 23.038) up to 160 septets in one segment
/// and 153 per part, UCS-2 up to 70 units and 67 per part, counted by walking the text.
@Suite struct SegmentCountTests {
    @Test func emptyTextIsOneEmptyGSM7Segment() {
        let count = SegmentCount(of: "")
        #expect(count.encoding == .gsm7)
        #expect(count.units == 0)
        #expect(count.segments == 1)
    }

    @Test func gsm7HoldsOneHundredSixtySeptetsInOneSegmentThenOneHundredFiftyThreePerPart() {
        #expect(SegmentCount(of: String(repeating: "a", count: 160)).segments == 1)
        #expect(SegmentCount(of: String(repeating: "a", count: 161)).segments == 2)
        #expect(SegmentCount(of: String(repeating: "a", count: 306)).segments == 2)
        #expect(SegmentCount(of: String(repeating: "a", count: 307)).segments == 3)
        #expect(SegmentCount(of: String(repeating: "a", count: 161)).units == 161)
    }

    @Test func everyBasicTableCharacterIsOneSeptet() {
        let basic =
            "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
        let count = SegmentCount(of: basic)
        #expect(count.encoding == .gsm7)
        #expect(count.units == 127)
    }

    @Test func extensionTableCharactersAreTwoSeptets() {
        let count = SegmentCount(of: "^{}\\[~]|€\u{0C}")
        #expect(count.encoding == .gsm7)
        #expect(count.units == 20)
        #expect(SegmentCount(of: String(repeating: "{", count: 80)).segments == 1)
        #expect(SegmentCount(of: String(repeating: "{", count: 81)).segments == 2)
    }

    @Test func anEscapePairIsNeverSplitAcrossParts() {
        // 152 + 2 + 152 = 306 septets: dividing says 2 parts, but the euro sign cannot start in
        // the first part's last septet, so it opens the second part and pushes one septet on.
        let text = String(repeating: "a", count: 152) + "€" + String(repeating: "a", count: 152)
        let count = SegmentCount(of: text)
        #expect(count.units == 306)
        #expect(count.segments == 3)
    }

    @Test func oneCharacterOutsideGSM7MakesTheWholeTextUCS2() {
        for text in ["Tiếng Việt", "price: 5`", "α", "ça", "你好", "مرحبا", "👋"] {
            #expect(SegmentCount(of: text).encoding == .ucs2, "\(text)")
        }
        for text in ["café", "Xin chào", "Æsop: ¿qué?", "a\r\nb"] {
            #expect(SegmentCount(of: text).encoding == .gsm7, "\(text)")
        }
        #expect(SegmentCount(of: String(repeating: "a", count: 100) + "ç").units == 101)
    }

    @Test func ucs2HoldsSeventyUnitsInOneSegmentThenSixtySevenPerPart() {
        #expect(SegmentCount(of: String(repeating: "你", count: 70)).segments == 1)
        #expect(SegmentCount(of: String(repeating: "你", count: 71)).segments == 2)
        #expect(SegmentCount(of: String(repeating: "你", count: 134)).segments == 2)
        #expect(SegmentCount(of: String(repeating: "你", count: 135)).segments == 3)
    }

    @Test func emojiOutsideTheBMPTakeTwoUnits() {
        let fits = SegmentCount(of: String(repeating: "👋", count: 35))
        #expect(fits.units == 70)
        #expect(fits.segments == 1)
        #expect(SegmentCount(of: String(repeating: "👋", count: 36)).segments == 2)
    }

    @Test func aSurrogatePairIsNeverSplitAcrossParts() {
        let text = String(repeating: "你", count: 66) + "👋" + String(repeating: "你", count: 66)
        let count = SegmentCount(of: text)
        #expect(count.units == 134)
        #expect(count.segments == 3)
    }
}
