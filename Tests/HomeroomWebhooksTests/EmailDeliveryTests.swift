import Foundation
import HomeroomCore
import HomeroomEmail
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import Testing

/// E-mail notifications against a real SMTP server on loopback (aiosmtpd, STARTTLS required,
/// AUTH), each message read back by Python's `email` package: multipart text and HTML, the
/// subject in RFC 2047, the one-click unsubscribe headers; and how the server's refusals are
/// taken.
@Suite(.enabled(if: SMTPServer.isInstalled, "needs aiosmtpd in .build-venv/smtp (Scripts/test installs it)"))
struct EmailDeliveryTests {
    @Test func aNotificationArrivesAsTextAndHTMLWithAnEncodedSubjectAndOneClickHeaders() async throws {
        try await EmailHarness.with { email in
            let first = "Thông báo: họp phụ huynh thứ Năm lúc 18:00 <script>alert(1)</script>"
            try await email.notify([first, "Bring the form & a pen.", "\"Quotes\" stay"], key: "circle:pta:1")
            #expect(try await email.deliverDue() == 1)
            let mail = try #require(try email.smtp.messages().first)
            #expect(mail.mailFrom == EmailHarness.from)
            #expect(mail.recipients == [EmailHarness.parent])
            #expect(mail.defects.isEmpty, "\(mail.defects)")
            #expect(mail.header("Subject") == first)
            #expect(mail.rawHeaders.contains("Subject: =?UTF-8?B?"), "non-ASCII subjects are RFC 2047 encoded")
            #expect(mail.header("To") == EmailHarness.parent)
            #expect(mail.header("From")?.hasSuffix("<\(EmailHarness.from)>") == true, "\(mail.header("From") ?? "")")
            #expect(mail.header("MIME-Version") == "1.0")
            #expect(mail.header("Message-ID")?.hasSuffix("@school.example>") == true)
            #expect(mail.header("Date") != nil)
            #expect(mail.contentType == "multipart/alternative")
            #expect(mail.parts.map(\.contentType) == ["text/plain", "text/html"])
            #expect(mail.parts.allSatisfy { $0.charset == "utf-8" })

            let text = try #require(mail.text("text/plain"))
            #expect(text.contains(first) && text.contains("Bring the form & a pen."), "\(text)")
            let html = try #require(mail.text("text/html"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(html)")
            #expect(!html.contains("<script"), "\(html)")
            #expect(html.contains("Bring the form &amp; a pen."))

            let token = try EmailHarness.token(in: mail)
            #expect(mail.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
            #expect(text.contains("\(EmailHarness.publicURL)/email/unsubscribe?t=\(token)"))
            #expect(html.contains("href=\"\(EmailHarness.publicURL)/email/unsubscribe?t=\(token)\""))

            // CRLF only, and no line past SMTP's 998.
            let raw = mail.raw
            for (index, byte) in raw.enumerated() where byte == 0x0A {
                #expect(index > 0 && raw[index - 1] == 0x0D, "a bare LF at byte \(index)")
            }
            #expect(raw.split(separator: 0x0A).allSatisfy { $0.count <= 998 })
        }
    }

    @Test func aLongChineseSubjectIsFoldedIntoEncodedWordsAndReadBackWhole() async throws {
        try await EmailHarness.with { email in
            let first = "家长会：星期四晚上六点在礼堂举行，请准时参加。午餐菜单也已更新，请查看。"
            try await email.notify([first, "第二行"], key: "circle:pta:zh")
            #expect(try await email.deliverDue() == 1)
            let mail = try #require(try email.smtp.messages().first)
            #expect(mail.defects.isEmpty, "\(mail.defects)")
            #expect(mail.header("Subject") == first)
            let subjectLines = mail.rawHeaders.components(separatedBy: "\r\n").drop { !$0.hasPrefix("Subject:") }
                .prefix { $0.hasPrefix("Subject:") || $0.hasPrefix(" ") }
            #expect(subjectLines.count > 1, "folded over several lines")
            #expect(subjectLines.allSatisfy { $0.utf8.count <= 78 }, "\(subjectLines)")
            #expect(mail.text("text/plain")?.contains("第二行") == true)
        }
    }

    @Test func lineBreaksInTheFirstLineCannotAddAHeader() async throws {
        try await EmailHarness.with { email in
            try await email.notify(["Lunch\r\nBcc: victim@elsewhere.example\nX-Evil: 1", "Tacos"], key: "lunch:1")
            #expect(try await email.deliverDue() == 1)
            let mail = try #require(try email.smtp.messages().first)
            #expect(mail.recipients == [EmailHarness.parent])
            #expect(mail.header("Bcc") == nil && mail.header("X-Evil") == nil)
            // The outbox keeps "\n" as a line break of its own; CRLF stays inside the first line.
            let subject = try #require(mail.header("Subject"))
            #expect(subject.hasPrefix("Lunch Bcc: victim@elsewhere.example"), "\(subject)")
        }
    }

    @Test func aRefusedSignInIsKeptForARetry() async throws {
        try await EmailHarness.with(password: "not-the-password") { email in
            try await email.notify(["Chess club meets at 3"], key: "circle:chess:1")
            let failure = try #require(try await email.sendFirstDue())
            // aiosmtpd answers 535 5.7.8: a settings problem, not the message's, so it waits.
            #expect(!failure.isPermanent, "\(failure)")
            #expect(failure.description.contains("535"), "\(failure)")
            #expect(!failure.description.contains("not-the-password"))
            #expect(try await email.deliverDue() == 0)
            #expect(try await email.outbox.pendingCount(for: "email") == 1, "kept for a retry")
            #expect(try await email.outbox.deadLetters().isEmpty)
            #expect(try email.smtp.messages().isEmpty)
        }
    }

    @Test func aRecipientTheServerRefusesWith550IsGivenUpWithItsWords() async throws {
        try await EmailHarness.with { email in
            try await email.notify(["Chess club meets at 3"], to: "nobody@families.example", key: "circle:chess:1")
            let failure = try #require(try await email.sendFirstDue())
            #expect(failure.isPermanent, "\(failure)")
            #expect(failure.description.contains("550") && failure.description.contains("no such user"), "\(failure)")
            #expect(!failure.description.contains("nobody@"), "the address is masked: \(failure)")
            #expect(try await email.deliverDue() == 0)
            let given = try await email.outbox.deadLetters()
            #expect(given.count == 1 && given.first?.lastError?.contains("550") == true, "\(given)")
        }
    }

    @Test func aRecipientTheServerDefersWith451IsRetried() async throws {
        try await EmailHarness.with { email in
            try await email.notify(["Chess club meets at 3"], to: "busy@families.example", key: "circle:chess:1")
            let failure = try #require(try await email.sendFirstDue())
            #expect(!failure.isPermanent, "\(failure)")
            #expect(failure.description.contains("451"), "\(failure)")
        }
    }

    @Test func requireTLSSendsNothingToAServerWithoutSTARTTLS() async throws {
        try await EmailHarness.with(serverOffersTLS: false) { email in
            try await email.notify(["Chess club meets at 3"], key: "circle:chess:1")
            let failure = try #require(try await email.sendFirstDue())
            #expect(!failure.isPermanent, "\(failure)")
            #expect(failure.description.contains("STARTTLS"), "\(failure)")
            #expect(try email.smtp.messages().isEmpty)
        }
    }

    @Test func anAddressThatIsNotAPersonsIsGivenUp() async throws {
        try await EmailHarness.with { email in
            try await email.notify(["Chess club meets at 3"], to: "Parent@Families.example", key: "circle:chess:1")
            let failure = try #require(try await email.sendFirstDue())
            #expect(failure.isPermanent, "user ids are lower-cased: \(failure)")
            try await email.outbox.enqueue(
                adapter: "email", target: .channel("#general"), lines: ["Hi"], idempotencyKey: "channel:1")
            #expect(try await email.deliverDue() == 0)
            #expect(try email.smtp.messages().isEmpty)
        }
    }
}
