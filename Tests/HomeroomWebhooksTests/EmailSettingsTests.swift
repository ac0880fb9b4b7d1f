import Foundation
import HomeroomEmail
import HomeroomRuntime
import Testing

@testable import HomeroomWebhooks

/// `webhooks.email`: off without it; on, its server, account, addresses and secret checked.
@Suite struct EmailSettingsTests {
    static let valid = """
        {"smtpURL": "smtp://mail.school.example:587", "username": "homeroom", "password": "env:SMTP_PASSWORD",
         "from": "Homeroom@School.example", "fromName": "Lincoln High", "publicURL": "https://homeroom.school.example",
         "unsubscribeSecret": "env:UNSUBSCRIBE_SECRET"}
        """
    static let environment = ["SMTP_PASSWORD": "smtp-pass", "UNSUBSCRIBE_SECRET": "0123456789abcdef0123"]

    static func section(_ json: String) -> String { #"{"email": \#(json)}"# }

    @Test func emailIsOffWithoutItsSectionOrWithNull() throws {
        #expect(try WebhookSettingsTests.decode("{}").email.delivery == nil)
        #expect(try WebhookSettingsTests.decode(Self.section("null")).email.delivery == nil)
    }

    @Test func aFullSectionIsRead() throws {
        let settings = try WebhookSettingsTests.decode(Self.section(Self.valid), environment: Self.environment)
        let delivery = try #require(settings.email.delivery)
        #expect(delivery.smtpURL.absoluteString == "smtp://mail.school.example:587")
        #expect(delivery.username == "homeroom" && delivery.password == "smtp-pass")
        #expect(delivery.from.description == "homeroom@school.example")
        #expect(delivery.requireTLS, "STARTTLS is required unless switched off")
        #expect(delivery.unsubscribeSecret == "0123456789abcdef0123")
        #expect(settings.email.messagesPerMinute == 60)
    }

    @Test func aWrongValueNamesItsKey() {
        let cases: [(change: (String, String), key: String)] = [
            (("smtp://mail.school.example:587", "https://mail.school.example"), "smtpURL"),
            (("smtp://mail.school.example:587", "smtp://user:pw@mail.school.example"), "smtpURL"),
            (("Homeroom@School.example", "homeroom"), "from"),
            (("https://homeroom.school.example", "ftp://homeroom.school.example"), "publicURL"),
            (("\"username\": \"homeroom\", ", ""), "password"),
        ]
        for (change, key) in cases {
            let json = Self.valid.replacingOccurrences(of: change.0, with: change.1)
            let problem = WebhookSettingsTests.problem(Self.section(json), environment: Self.environment)
            #expect(problem?.contains(key) == true, "\(change): \(problem ?? "accepted")")
        }
        let shortSecret = WebhookSettingsTests.problem(
            Self.section(Self.valid), environment: Self.environment.merging(["UNSUBSCRIBE_SECRET": "short"]) { $1 })
        #expect(shortSecret?.contains("unsubscribeSecret") == true, "\(shortSecret ?? "accepted")")
        let unknown = WebhookSettingsTests.problem(
            Self.section(Self.valid.replacingOccurrences(of: "\"fromName\"", with: "\"sender\"")),
            environment: Self.environment)
        #expect(unknown?.contains("sender") == true, "\(unknown ?? "accepted")")
        let rate = WebhookSettingsTests.problem(
            Self.section(Self.valid.replacingOccurrences(of: "}", with: ", \"messagesPerMinute\": 0}")),
            environment: Self.environment)
        #expect(rate?.contains("messagesPerMinute") == true, "\(rate ?? "accepted")")
    }
}
