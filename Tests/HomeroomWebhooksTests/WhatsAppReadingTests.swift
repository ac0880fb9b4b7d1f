import Foundation
import HomeroomCore
import HomeroomWhatsApp
import Testing

/// The pure parts of the WhatsApp module: its settings, Meta's signature and verification, the
/// notification reader's limits, and how a notification is cut into messages.
@Suite struct WhatsAppReadingTests {
    static let phoneNumberID = "106540352242922"

    static func decodeSettings(_ json: String, environment: [String: String] = [:]) throws -> WhatsAppSettings {
        let decoder = JSONDecoder()
        decoder.userInfo[.homeroomEnvironment] = environment
        return try decoder.decode(WhatsAppSettings.self, from: Data(json.utf8))
    }

    @Test func settingsReadSecretsFromTheEnvironmentAndKeepTheDefaults() throws {
        let settings = try Self.decodeSettings(
            #"{"phoneNumberID": "106540352242922", "accessToken": "env:WA_TOKEN", "appSecret": "s3cret", "verifyToken": "v"}"#,
            environment: ["WA_TOKEN": "EAAB-token"])
        let account = try #require(settings.account)
        #expect(account.accessToken == "EAAB-token")
        #expect(account.apiURL.absoluteString == "https://graph.facebook.com/v21.0")
        #expect(account.messagesPerSecond == 80)
        #expect(account.notificationTemplate == nil)
        #expect(throws: DecodingError.self) {
            try Self.decodeSettings(
                #"{"phoneNumberID": "12a", "accessToken": "t", "appSecret": "s", "verifyToken": "v"}"#)
        }
        #expect(throws: DecodingError.self) {
            try Self.decodeSettings(
                #"{"phoneNumberID": "1", "accessToken": "t", "appSecret": "s", "verifyToken": "v", "messagesPerSecond": 0}"#
            )
        }
        #expect(WhatsAppSettings().account == nil, "no section: WhatsApp is off")
    }

    @Test func aSignatureIsCheckedOverTheExactBytesInEitherCase() {
        let body = Array(#"{"object":"whatsapp_business_account"}"#.utf8)
        let header = WhatsAppSignature.header(for: body, appSecret: "secret")
        #expect(header.hasPrefix("sha256=") && header.utf8.count == 71)
        #expect(WhatsAppSignature.isValid(header, for: body, appSecret: "secret"))
        #expect(WhatsAppSignature.isValid("sha256=" + header.dropFirst(7).uppercased(), for: body, appSecret: "secret"))
        #expect(!WhatsAppSignature.isValid(header, for: body + [0x20], appSecret: "secret"))
        #expect(!WhatsAppSignature.isValid(header, for: body, appSecret: "other"))
        #expect(!WhatsAppSignature.isValid("sha1=" + header.dropFirst(7), for: body, appSecret: "secret"))
    }

    @Test func theVerificationChallengeIsAnsweredOnlyForASubscriptionWithTheToken() {
        let query = "hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=tok%20en"
        #expect(WhatsAppVerification.challenge(query: query, verifyToken: "tok en") == "1158201444")
        #expect(WhatsAppVerification.challenge(query: query, verifyToken: "token") == nil)
        #expect(WhatsAppVerification.challenge(query: nil, verifyToken: "tok en") == nil)
        #expect(
            WhatsAppVerification.challenge(
                query: "hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=tok%20en", verifyToken: "tok en") == nil)
    }

    @Test func aNotificationIsReadWithinLimitsAndItsBadPartsSkipped() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: WhatsAppNotificationError.tooDeep) {
            try WhatsAppNotification.read(Array(deep.utf8), phoneNumberID: Self.phoneNumberID)
        }
        #expect(throws: WhatsAppNotificationError.notWhatsApp) {
            try WhatsAppNotification.read(
                Array(#"{"object":"page","entry":[]}"#.utf8), phoneNumberID: Self.phoneNumberID)
        }
        let body = #"""
            {"object":"whatsapp_business_account","entry":[
              {"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":"999"},
                "messages":[{"from":"15550101234","id":"wamid.OTHER","type":"text","text":{"body":"hi"}}]}}]},
              {"changes":"nonsense"},
              {"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":"106540352242922"},
                "messages":[{"from":"15550101234","id":"wamid.A","timestamp":"1795438800","type":"text","text":{"body":"/lunch"}},
                            {"from":"+1 555","id":"wamid.B","type":"text","text":{"body":"x"}},
                            {"from":"15550101234","id":"wamid.C","type":"image"}],
                "statuses":[{"id":"wamid.S","status":"failed","recipient_id":"15550101234","errors":[{"code":131047},{"code":1e300}]}]}}]}
            ]}
            """#
        let notification = try WhatsAppNotification.read(Array(body.utf8), phoneNumberID: Self.phoneNumberID)
        #expect(notification.messages.map(\.id) == ["wamid.A", "wamid.C"])
        #expect(notification.messages.first?.from.e164 == "+15550101234")
        #expect(notification.messages.first?.text == "/lunch")
        #expect(notification.messages.last?.text == nil)
        #expect(notification.statuses.map(\.errorCodes) == [[131047]])
        #expect(notification.skipped.count == 3, "\(notification.skipped)")
    }

    @Test func aLongNotificationIsCutAtLineBreaksAndTemplateParametersAreFlat() {
        let lines = ["first line", String(repeating: "long ", count: 2_000), "last line"]
        let texts = WhatsAppTextParts.texts(lines)
        #expect(texts.count == 4, "\(texts.map(\.utf16.count))")
        #expect(texts.allSatisfy { $0.utf16.count <= 4_096 })
        #expect(texts.first == "first line" && texts.last?.hasSuffix(" \nlast line") == true)
        let marks = "e" + String(repeating: "\u{301}", count: 5_000)
        #expect(WhatsAppTextParts.texts([marks]).allSatisfy { $0.utf16.count <= 4_096 })
        let parameters = WhatsAppTextParts.templateParameters(["Early\tdismissal", "", "Buses     at 1:30\n"])
        #expect(parameters == ["Early dismissal · Buses at 1:30"])
    }
}
