import Foundation
import HomeroomCore
import HomeroomEmail
import HomeroomEngine
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import Testing

/// The one-click unsubscribe link (RFC 8058): a POST unsubscribes and nothing is sent to the
/// address again; a GET only shows the button; a link that is cut, forged or expired is refused.
@Suite(.enabled(if: SMTPServer.isInstalled, "needs aiosmtpd in .build-venv/smtp (Scripts/test installs it)"))
struct EmailUnsubscribeTests {
    static let oneClick = [("Content-Type", "application/x-www-form-urlencoded")]

    @Test func aOneClickPostUnsubscribesAndTheNextNotificationIsNotSent() async throws {
        try await EmailHarness.with { email in
            try await email.notify(["Chess club meets at 3"], key: "circle:chess:1")
            #expect(try await email.deliverDue() == 1)
            let token = try EmailHarness.token(in: try #require(try email.smtp.messages().first))

            // Mail programs and link scanners open the link: that shows the button, nothing more.
            let page = try await email.web.get("/email/unsubscribe?t=\(token)")
            #expect(page.status == 200)
            #expect(page.contentType?.hasPrefix("text/html") == true)
            #expect(page.body.contains("<form method=\"post\""), "\(page.body)")
            #expect(page.body.contains("name=\"List-Unsubscribe\" value=\"One-Click\""))
            #expect(page.body.contains("p•••@families.example") && !page.body.contains(EmailHarness.parent))
            try await email.notify(["Chess club meets at 4"], key: "circle:chess:2")
            #expect(try await email.deliverDue() == 1, "a GET did not unsubscribe")

            let done = try await email.web.post(
                "/email/unsubscribe?t=\(token)", text: "List-Unsubscribe=One-Click", headers: Self.oneClick)
            #expect(done.status == 200, "\(done.body)")
            #expect(done.body.contains("no more e-mails"), "\(done.body)")
            let again = try await email.web.post(
                "/email/unsubscribe?t=\(token)", text: "List-Unsubscribe=One-Click", headers: Self.oneClick)
            #expect(again.status == 200, "a second click is answered the same")

            try await email.notify(["Chess club meets at 5"], key: "circle:chess:3")
            #expect(try await email.deliverDue() == 0)
            #expect(try email.smtp.messages().count == 2)
            let given = try await email.outbox.deadLetters()
            #expect(given.count == 1 && given.first?.lastError?.contains("unsubscribed") == true, "\(given)")
            let shown = try await email.web.get("/email/unsubscribe?t=\(token)")
            #expect(shown.status == 200 && !shown.body.contains("<form"), "already unsubscribed: \(shown.body)")
        }
    }

    @Test func aMultipartOneClickPostIsTakenAndAnotherBodyIsNot() async throws {
        try await EmailHarness.with { email in
            let token = UnsubscribeToken.make(
                for: try #require(EmailAddress(EmailHarness.parent)), expires: email.web.bot.clock.now + 86_400,
                secret: EmailHarness.secret)
            let other = try await email.web.post(
                "/email/unsubscribe?t=\(token)", text: "unsubscribe=yes", headers: Self.oneClick)
            #expect(other.status == 400, "\(other.body)")
            let multipart = [
                "--b0", "Content-Disposition: form-data; name=\"List-Unsubscribe\"", "", "One-Click", "--b0--", "",
            ].joined(separator: "\r\n")
            let taken = try await email.web.post(
                "/email/unsubscribe?t=\(token)", text: multipart,
                headers: [("Content-Type", "multipart/form-data; boundary=b0")])
            #expect(taken.status == 200, "\(taken.body)")
            try await email.notify(["Chess club meets at 3"], key: "circle:chess:1")
            #expect(try await email.deliverDue() == 0)
        }
    }

    @Test func aCutForgedOrExpiredLinkIsRefusedAndUnsubscribesNobody() async throws {
        try await EmailHarness.with { email in
            let address = try #require(EmailAddress(EmailHarness.parent))
            let now = email.web.bot.clock.now
            let good = UnsubscribeToken.make(for: address, expires: now + 86_400, secret: EmailHarness.secret)
            let tamperedMAC = String(good.dropLast()) + (good.last == "A" ? "B" : "A")
            let otherAddress = UnsubscribeToken.make(
                for: try #require(EmailAddress("other@families.example")), expires: now + 86_400,
                secret: EmailHarness.secret)
            let swapped = good.split(separator: ".").enumerated().map { index, part in
                index == 1 ? otherAddress.split(separator: ".")[1] : part
            }.joined(separator: ".")
            let refused: [(token: String?, status: Int)] = [
                (nil, 400), ("", 400), (String(good.prefix(20)), 400), ("v1.%00.1.x", 400),
                (String(repeating: "a", count: 5000), 400),
                (tamperedMAC, 403), (swapped, 403),
                (UnsubscribeToken.make(for: address, expires: now + 86_400, secret: "another-secret-0123456789"), 403),
                (UnsubscribeToken.make(for: address, expires: now - 1, secret: EmailHarness.secret), 403),
            ]
            for (token, status) in refused {
                let path = "/email/unsubscribe" + (token.map { "?t=" + $0 } ?? "")
                let shown = try await email.web.get(path)
                #expect(shown.status == status, "GET \(token ?? "no token"): \(shown.body)")
                #expect(!shown.body.contains("<form"))
                let posted = try await email.web.post(path, text: "List-Unsubscribe=One-Click", headers: Self.oneClick)
                #expect(posted.status == status, "POST \(token ?? "no token"): \(posted.body)")
            }
            let expired = try await email.web.get(
                "/email/unsubscribe?t="
                    + UnsubscribeToken.make(for: address, expires: now - 1, secret: EmailHarness.secret))
            #expect(expired.body.contains("expired"), "\(expired.body)")

            try await email.notify(["Chess club meets at 3"], key: "circle:chess:1")
            #expect(try await email.deliverDue() == 1, "nobody was unsubscribed")
        }
    }

    @Test func theLinkIsNotFoundWithoutEmailSetUp() async throws {
        try await WebhookHarness.with { web in
            let answer = try await web.get("/email/unsubscribe?t=x")
            #expect(answer.status == 404)
            #expect(answer.body.contains("webhooks.email"), "\(answer.body)")
        }
    }
}
