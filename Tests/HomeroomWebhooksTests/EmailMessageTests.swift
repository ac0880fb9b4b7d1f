import Foundation
import HomeroomCore
import Testing

@testable import HomeroomEmail

/// What an e-mail is made of, without a server: addresses, header text that can never break out
/// of its field, RFC 2047 words, the subject's length, the unsubscribe token, the one-click body.
@Suite struct EmailMessageTests {
    static let hostile = [
        "Lunch\r\nBcc: victim@elsewhere.example", "Lunch\rX: 1", "Lunch\nX: 1", "Lunch\u{85}X: 1",
        "Lunch\u{2028}X: 1", "Lunch\u{0}X", "\t  \r\n ", String(repeating: "Tacos ", count: 60),
        String(repeating: "x", count: 300), "Học sinh\r\nBcc: a@b.example", "=?UTF-8?B?SGk=?=",
        String(repeating: "家", count: 100), "👩‍👩‍👧‍👦 family night", "\u{301}\u{301}\u{301}",
    ]

    @Test func headerTextNeverCarriesALineBreakOfItsOwn() {
        for text in Self.hostile {
            let field = MailHeader.unstructured("Subject", text)
            let lines = field.components(separatedBy: "\r\n")
            #expect(lines.first?.hasPrefix("Subject:") == true)
            #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") }, "\(field.debugDescription)")
            for line in lines {
                #expect(
                    !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(field.debugDescription)")
                #expect(line.utf8.count <= 998)
                #expect(line.utf8.allSatisfy { $0 < 0x80 }, "headers stay ASCII: \(field.debugDescription)")
            }
        }
    }

    @Test func encodedWordsAreShortAndSplitNoCharacter() throws {
        let text = String(repeating: "Thứ Năm 家长会 👩‍👩‍👧 ", count: 10).trimmingCharacters(in: .whitespaces)
        let words = MailHeader.encodedWords(text)
        var decoded: [UInt8] = []
        for word in words {
            #expect(word.utf8.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            let bytes = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            #expect(String(validating: Array(bytes), as: UTF8.self) != nil, "a word ends inside a character")
            decoded += bytes
        }
        #expect(String(decoding: decoded, as: UTF8.self) == text)
    }

    @Test func aDisplayNameIsQuotedOrEncoded() throws {
        let address = try #require(EmailAddress("homeroom@school.example"))
        #expect(
            MailHeader.mailbox("From", displayName: #"Lincoln "High" \ School"#, address: address)
                == #"From: "Lincoln \"High\" \\ School" <homeroom@school.example>"#)
        #expect(
            MailHeader.mailbox("From", displayName: "Trường Lincoln", address: address)
                == "From: =?UTF-8?B?VHLGsOG7nW5nIExpbmNvbG4=?= <homeroom@school.example>")
        #expect(MailHeader.mailbox("To", displayName: nil, address: address) == "To: <homeroom@school.example>")
    }

    /// Found by the Email fuzz target: a plain ASCII name of many short words, quoted, was one
    /// word of over 998 bytes that folding could not break, past the longest line RFC 5322 allows.
    @Test func aDisplayNameTooLongForALineIsEncodedAndFolded() throws {
        let address = try #require(EmailAddress("homeroom@school.example"))
        let name = Array(repeating: "Lincoln High School", count: 60).joined(separator: " ")
        let field = MailHeader.mailbox("From", displayName: name, address: address)
        let lines = field.components(separatedBy: "\r\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.utf8.count <= 78 }, "\(lines.map(\.utf8.count))")
        #expect(lines.first?.hasPrefix("From: =?UTF-8?B?") == true, "\(field)")
        #expect(lines.last?.hasSuffix("<homeroom@school.example>") == true)
    }

    @Test func addressesAreCheckedLowerCasedAndMasked() {
        #expect(EmailAddress("Parent.One+pta@Families.Example")?.description == "parent.one+pta@families.example")
        #expect(EmailAddress("parent@families.example")?.masked == "p•••@families.example")
        for bad in [
            "", "parent", "@families.example", "parent@", "parent@localhost", "par ent@families.example",
            "parent@families.example>", "<parent@families.example", "a@b@families.example", ".p@families.example",
            "p..q@families.example", "p@-families.example", "p@families..example", "\"p\"@families.example",
            "p@families.example\r\nRCPT TO:<x@y.example>", "p,q@families.example", "élève@families.example",
            "\u{212A}@families.example", String(repeating: "a", count: 65) + "@families.example",
            "p@" + String(repeating: "a", count: 64) + ".example",
        ] {
            #expect(EmailAddress(bad) == nil, "\(bad.debugDescription)")
        }
    }

    @Test func aLongFirstLineIsShortenedAtASpace() {
        let long = String(repeating: "Tacos and salsa ", count: 20)
        let subject = NotificationMail.shortened(long)
        #expect(subject.count <= NotificationMail.maximumSubjectLength)
        #expect(subject.hasSuffix("…") && !subject.hasSuffix(" …"))
        #expect(NotificationMail.shortened("Tacos") == "Tacos")
    }

    @Test func aTokenHoldsForItsAddressUntilItExpires() throws {
        let address = try #require(EmailAddress("parent@families.example"))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let secret = "unsubscribe-secret-for-tests"
        let token = UnsubscribeToken.make(for: address, expires: now + 60, secret: secret)
        #expect(try UnsubscribeToken.verify(token, secret: secret, now: now) == address)
        #expect(throws: UnsubscribeToken.Refusal.expired) {
            try UnsubscribeToken.verify(token, secret: secret, now: now + 61)
        }
        #expect(throws: UnsubscribeToken.Refusal.forged) {
            try UnsubscribeToken.verify(token, secret: secret + "x", now: now)
        }
        #expect(throws: UnsubscribeToken.Refusal.malformed) {
            try UnsubscribeToken.verify(token + ".x", secret: secret, now: now)
        }
        #expect(token.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "&") })
    }

    @Test func onlyAOneClickBodyUnsubscribes() {
        let form = "application/x-www-form-urlencoded"
        #expect(OneClickBody.isOneClick(Array("List-Unsubscribe=One-Click".utf8), contentType: form))
        #expect(OneClickBody.isOneClick(Array("List-Unsubscribe=One-Click\r\n".utf8), contentType: nil))
        #expect(!OneClickBody.isOneClick(Array("List-Unsubscribe=Two-Clicks".utf8), contentType: form))
        #expect(!OneClickBody.isOneClick([], contentType: form))
        #expect(!OneClickBody.isOneClick([0xFF, 0xFE], contentType: form))
        #expect(
            !OneClickBody.isOneClick(Array("--b\r\n\r\nOne-Click\r\n--b--".utf8), contentType: "multipart/form-data"))
    }

    @Test func theMessageIsCRLFWithBase64PartsAndTheOneClickHeaders() throws {
        let message = MailMessage(
            from: try #require(EmailAddress("homeroom@school.example")), fromName: "Lincoln",
            to: try #require(EmailAddress("parent@families.example")), subject: "Lunch",
            date: Date(timeIntervalSince1970: 1_795_000_000), messageID: "homeroom.1.x@school.example",
            unsubscribeURL: "https://homeroom.school.example/email/unsubscribe?t=v1.a.1.b", text: "a\nb",
            html: "<div>a</div>", boundary: "homeroom-b")
        let text = String(decoding: message.rendered(), as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(text.hasPrefix("Date: Wed, 18 Nov 2026 11:06:40 +0000\r\n"), "\(text)")
        #expect(
            text.contains("\r\nList-Unsubscribe: <https://homeroom.school.example/email/unsubscribe?t=v1.a.1.b>\r\n"))
        #expect(text.contains("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"))
        #expect(text.contains("Content-Type: multipart/alternative; boundary=\"homeroom-b\""))
        #expect(text.contains("\r\n--homeroom-b--\r\n"))
        #expect(text.contains(Data("a\r\nb".utf8).base64EncodedString()), "the text part has CRLF line ends")
    }

    @Test func theDateHeaderIsRFC5322() {
        #expect(MailDate.text(Date(timeIntervalSince1970: 1_795_000_000)) == "Wed, 18 Nov 2026 11:06:40 +0000")
    }
}
