import HomeroomCore
import Testing

/// Telephone numbers as people and rosters write them, in E.164 only when no country must be
/// guessed beyond North America's, which US and Canadian rosters leave out.
@Suite struct PhoneNumberTests {
    @Test(arguments: [
        ("(312) 555-0142", "+13125550142"),
        ("312-555-0142", "+13125550142"),
        ("312.555.0142", "+13125550142"),
        ("1 312 555 0142", "+13125550142"),
        ("+1 312 555 0142", "+13125550142"),
        ("+44 20 7946 0958", "+442079460958"),
        ("00 44 20 7946 0958", "+442079460958"),
        ("  +13125550142 ", "+13125550142"),
    ])
    func aNumberWithAKnownCountryGetsItsE164Form(given: String, e164: String) throws {
        #expect(PhoneNumber(given)?.e164 == e164)
    }

    @Test(arguments: [
        "555-0142", "0312 555 0142", "312-555-0142 x12", "call me", "+1 (312) 555-0142-99999999", "+0 123 4567 89",
        "112-555-0142", "312-055-0142", "+1-3-1", "++13125550142", "312+5550142", "", "   ",
        String(repeating: "1", count: 100),
    ])
    func aNumberWhoseCountryIsUnclearIsNone(given: String) {
        #expect(PhoneNumber(given) == nil)
    }

    @Test func withoutNorthAmericaOnlyE164IsANumber() {
        #expect(PhoneNumber("312-555-0142", assumingNorthAmerica: false) == nil)
        #expect(PhoneNumber("+13125550142", assumingNorthAmerica: false)?.e164 == "+13125550142")
    }

    @Test func aMaskedNumberKeepsItsCountrysFirstDigitAndItsLastTwo() {
        #expect(PhoneNumber("+13125550142")?.masked == "+1••••••••42")
        #expect(PhoneNumber("+442079460958")?.masked == "+4•••••••••58")
    }

    @Test func aLogLineShowsNumbersAndAddressesMaskedAndOtherIDsAsTheyAre() {
        #expect(UserID(adapter: "sms", id: "+13125550142").logged == "sms:+1••••••••42")
        #expect(UserID(adapter: "email", id: "rosa@mail.example").logged == "email:r…@mail.example")
        #expect(UserID(adapter: "slack", id: "T1:U2").logged == "slack:T1:U2")
        #expect(
            DeliveryTarget.user(UserID(adapter: "whatsapp", id: "+442079460958")).logged
                == "user:whatsapp:+4•••••••••58")
        #expect(DeliveryTarget.channel("#lunch").logged == "channel:#lunch")
    }
}
