/// How a text message's characters travel: in the GSM 7-bit default alphabet when every
/// character is in it, otherwise in UCS-2 (UTF-16 code units). Twilio and the carriers send the
/// whole message as UCS-2 as soon as one character falls outside GSM-7 ("What is GSM-7 character
/// encoding?", https://www.twilio.com/docs/glossary/what-is-gsm-7-character-encoding, and "What is
/// UCS-2 character encoding?", https://www.twilio.com/docs/glossary/what-is-ucs-2-character-encoding).
package enum SMSEncoding: Sendable, Equatable {
    /// 3GPP TS 23.038's default alphabet and its extension table, counted in septets.
    case gsm7
    /// UCS-2, counted in UTF-16 code units (a character outside the BMP takes two).
    case ucs2

    /// The units one message holds when it is sent as a single segment: 160 septets or 70 units.
    package var singleSegmentCapacity: Int {
        switch self {
        case .gsm7: 160
        case .ucs2: 70
        }
    }

    /// The units each part of a concatenated message holds, after the 6-byte user data header
    /// that numbers the parts: 153 septets or 67 units ("What the heck is a segment?",
    /// https://www.twilio.com/docs/glossary/what-sms-character-limit).
    package var concatenatedSegmentCapacity: Int {
        switch self {
        case .gsm7: 153
        case .ucs2: 67
        }
    }
}
