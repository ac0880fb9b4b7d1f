import AsyncHTTPClient
import Foundation
import HomeroomTestbed
import HomeroomTesting
import HomeroomTexts
import Testing

/// The loopback Twilio fake on its own, driven by a plain HTTP client: what Homeroom's Twilio
/// provider will meet, so its answers must be Twilio's.
@Suite("TwilioAPIServer")
struct TwilioAPIServerTests {
    static let school = "+15005550006"
    static let parent = "+14155550123"

    /// An answer from the fake: status, JSON body and `Retry-After`.
    struct Answer {
        let status: Int
        let json: [String: Any]
        let retryAfter: String?

        var code: Int? { json["code"] as? Int }
    }

    /// Posts a Create Message form to `server` with `credentials` (the fake's own unless told; nil sends none).
    static func send(
        _ fields: [(String, String)], to server: TwilioAPIServer,
        credentials: (String, String)? = (TwilioAPIServer.accountSID, TwilioAPIServer.authToken)
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: server.messagesURL.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        if let (user, password) = credentials {
            request.headers.add(
                name: "Authorization", value: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
        }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let form = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&")
        request.body = .bytes(Array(form.utf8))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1_048_576)
        let json = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any] ?? [:]
        return Answer(
            status: Int(response.status.code), json: json, retryAfter: response.headers.first(name: "Retry-After"))
    }

    static func text(_ body: String, to: String = parent, from: String = school, callback: URL? = nil) -> [(
        String, String
    )] {
        var fields = [("To", to), ("From", from), ("Body", body)]
        if let callback { fields.append(("StatusCallback", callback.absoluteString)) }
        return fields
    }

    /// Runs `body` with a fake on `clock`, then stops it.
    static func withServer(
        clock: TestClock = TestClock("2026-11-23T12:00:00-05:00"),
        statusCallbacks: TwilioAPIServer.StatusCallbackDelivery = .onRequest,
        _ body: (TwilioAPIServer, TestClock) async throws -> Void
    ) async throws {
        let server = try await TwilioAPIServer.start(clock: clock, statusCallbacks: statusCallbacks)
        do {
            try await body(server, clock)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func acceptedMessageAnswers201WithTheMessageResource() async throws {
        try await Self.withServer { server, _ in
            let answer = try await Self.send(Self.text("Lunch today: tacos"), to: server)
            #expect(answer.status == 201)
            let sid = try #require(answer.json["sid"] as? String)
            #expect(sid.count == 34 && sid.hasPrefix("SM") && sid.dropFirst(2).allSatisfy(\.isHexDigit))
            #expect(answer.json["status"] as? String == "queued")
            #expect(answer.json["num_segments"] as? String == "1")
            #expect(answer.json["to"] as? String == Self.parent)
            #expect(answer.json["from"] as? String == Self.school)
            #expect(answer.json["body"] as? String == "Lunch today: tacos")
            #expect(answer.json["account_sid"] as? String == TwilioAPIServer.accountSID)
            #expect((answer.json["date_created"] as? String)?.hasSuffix("+0000") == true)
            let messages = try await server.messages(count: 1, within: .seconds(5))
            #expect(messages.map(\.sid) == [sid])
            #expect(messages.first?.segments == 1)
        }
    }

    @Test func wrongOrMissingCredentialsAnswer401With20003() async throws {
        try await Self.withServer { server, _ in
            let wrong = try await Self.send(
                Self.text("hi"), to: server, credentials: (TwilioAPIServer.accountSID, "not-the-token"))
            #expect(wrong.status == 401)
            #expect(wrong.code == 20003)
            #expect(wrong.json["more_info"] as? String == "https://www.twilio.com/docs/errors/20003")
            #expect(wrong.json["status"] as? Int == 401)
            let missing = try await Self.send(Self.text("hi"), to: server, credentials: nil)
            #expect(missing.status == 401)
            #expect(server.rejections(code: 20003).count == 2)
            #expect(server.messages.isEmpty)
        }
    }

    @Test(arguments: [
        ("5551234", "hello", 21211), ("+15551234", "", 21602),
        ("+15551234", String(repeating: "a", count: 1601), 21617),
        ("", "hello", 21604), ("+0123", "hello", 21211),
    ])
    func invalidMessagesAnswer400WithTwilioCodes(to: String, body: String, code: Int) async throws {
        try await Self.withServer { server, _ in
            let answer = try await Self.send(Self.text(body, to: to), to: server)
            #expect(answer.status == 400)
            #expect(answer.code == code)
            #expect(server.rejections(code: code).count == 1)
        }
    }

    @Test func bodyOfExactly1600CharactersIsAccepted() async throws {
        try await Self.withServer { server, _ in
            let answer = try await Self.send(Self.text(String(repeating: "a", count: 1600)), to: server)
            #expect(answer.status == 201)
            #expect(answer.json["num_segments"] as? String == "11")
        }
    }

    @Test func optedOutRecipientAnswers21610UntilOptedBackIn() async throws {
        try await Self.withServer { server, _ in
            server.optOut(Self.parent)
            let refused = try await Self.send(Self.text("hi"), to: server)
            #expect(refused.status == 400)
            #expect(refused.code == 21610)
            server.optIn(Self.parent)
            #expect(try await Self.send(Self.text("hi"), to: server).status == 201)
        }
    }

    @Test func senderPastItsBudgetGets429WithRetryAfter() async throws {
        try await Self.withServer { server, clock in
            #expect(try await Self.send(Self.text("one"), to: server).status == 201)
            let tooSoon = try await Self.send(Self.text("two"), to: server)
            #expect(tooSoon.status == 429)
            #expect(tooSoon.code == 20429)
            #expect(tooSoon.retryAfter == "1")
            #expect(server.rateLimitedAnswers(for: Self.school) == 1)
            // Another number has a budget of its own.
            #expect(try await Self.send(Self.text("two", from: "+15005550007"), to: server).status == 201)
            clock.advance(by: 1)
            #expect(try await Self.send(Self.text("two"), to: server).status == 201)
            #expect(server.messages.count == 3)
        }
    }

    @Test func longMessageIsChargedForEachSegment() async throws {
        try await Self.withServer { server, clock in
            // 200 GSM-7 characters: two segments of 153, so two seconds of a long code's budget.
            #expect(try await Self.send(Self.text(String(repeating: "b", count: 200)), to: server).status == 201)
            clock.advance(by: 1)
            let tooSoon = try await Self.send(Self.text("next"), to: server)
            #expect(tooSoon.status == 429)
            #expect(tooSoon.retryAfter == "1")
            clock.advance(by: 1)
            #expect(try await Self.send(Self.text("next"), to: server).status == 201)
        }
    }

    @Test func clientThatPacesItselfNeverSeesA429() async throws {
        try await Self.withServer { server, clock in
            server.setThroughput(.tollFree, for: Self.school)
            for body in [
                "short", String(repeating: "c", count: 400), "€ and {braces}", String(repeating: "é😀", count: 40),
            ] {
                let answer = try await Self.send(Self.text(body), to: server)
                #expect(answer.status == 201)
                let segments = try #require(server.messages.last?.segments)
                clock.advance(by: Double(segments) / TwilioSenderThroughput.tollFree.segmentsPerSecond)
            }
            #expect(server.rateLimitedAnswersBySender.isEmpty)
            #expect(server.messages.map(\.segments) == [1, 3, 1, 2])
        }
    }

    @Test func messagingServiceMessageIsAcceptedAndPacedAsOneSender() async throws {
        try await Self.withServer { server, _ in
            let fields = [
                ("To", Self.parent), ("MessagingServiceSid", TwilioAPIServer.messagingServiceSID), ("Body", "hi"),
            ]
            let answer = try await Self.send(fields, to: server)
            #expect(answer.status == 201)
            #expect(answer.json["status"] as? String == "accepted")
            #expect(answer.json["messaging_service_sid"] as? String == TwilioAPIServer.messagingServiceSID)
            #expect(try await Self.send(fields, to: server).status == 429)
            #expect(server.rateLimitedAnswers(for: TwilioAPIServer.messagingServiceSID) == 1)
        }
    }

    @Test func injectedFailuresAnswer500And503ThenRecover() async throws {
        try await Self.withServer { server, _ in
            server.failNextRequests(1, with: .internalServerError)
            let serverError = try await Self.send(Self.text("hi"), to: server)
            #expect(serverError.status == 500)
            #expect(serverError.code == 20500)
            server.failNextRequests(2)
            #expect(try await Self.send(Self.text("hi"), to: server).status == 503)
            #expect(try await Self.send(Self.text("hi"), to: server).status == 503)
            #expect(try await Self.send(Self.text("hi"), to: server).status == 201)
            #expect(server.messages.count == 1)
        }
    }

    /// The form fields of a request the receiver got.
    static func fields(of request: LoopbackHTTPServer.Request) -> [(name: String, value: String)] {
        request.text.split(separator: "&").map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    static func value(_ name: String, in fields: [(name: String, value: String)]) -> String? {
        fields.first { $0.name == name }?.value
    }

    @Test func statusCallbacksAreSignedAndTellSentThenDelivered() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve("/texts/status", .init(status: 204))
        try await Self.withServer { server, _ in
            let callback = receiver.url("/texts/status")
            let answer = try await Self.send(Self.text("hi", callback: callback), to: server)
            let sid = try #require(answer.json["sid"] as? String)
            #expect(receiver.requests.isEmpty)
            let posts = await server.deliverStatuses()
            #expect(posts.map(\.responseStatus) == [204, 204])
            let requests = receiver.requests
            #expect(requests.count == 2)
            for request in requests {
                let fields = Self.fields(of: request)
                let signature = try #require(request.headers["x-twilio-signature"])
                #expect(
                    TwilioSignature.isValid(
                        signature, for: callback.absoluteString, parameters: fields,
                        authToken: TwilioAPIServer.authToken))
                #expect(Self.value("MessageSid", in: fields) == sid)
                #expect(Self.value("SmsSid", in: fields) == sid)
                #expect(Self.value("AccountSid", in: fields) == TwilioAPIServer.accountSID)
                #expect(Self.value("To", in: fields) == Self.parent)
                #expect(Self.value("From", in: fields) == Self.school)
                #expect(Self.value("ApiVersion", in: fields) == "2010-04-01")
                #expect(Self.value("ErrorCode", in: fields) == nil)
            }
            #expect(requests.map { Self.value("MessageStatus", in: Self.fields(of: $0)) } == ["sent", "delivered"])
            #expect(await server.deliverStatuses().isEmpty)
        }
    }

    @Test func unreachableNumberReportsUndeliveredOrFailedWithErrorCode() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve("/texts/status", .init(status: 200))
        try await Self.withServer { server, _ in
            server.setFinalStatus(.undelivered(errorCode: 30003), for: Self.parent)
            server.setFinalStatus(.failed(errorCode: 30008), for: "+14155550199")
            let callback = receiver.url("/texts/status")
            _ = try await Self.send(Self.text("hi", callback: callback), to: server)
            _ = try await Self.send(
                Self.text("hi", to: "+14155550199", from: "+15005550007", callback: callback), to: server)
            let posts = await server.deliverStatuses()
            #expect(posts.map { $0.parameters["MessageStatus"] } == ["sent", "undelivered", "failed"])
            #expect(posts.map { $0.parameters["ErrorCode"] } == [nil, "30003", "30008"])
            #expect(receiver.requests.count == 3)
        }
    }

    @Test func automaticStatusCallbacksArePostedWithoutBeingAsked() async throws {
        let receiver = try await LoopbackHTTPServer.start()
        defer { Task { await receiver.stop() } }
        receiver.serve("/texts/status", .init(status: 200))
        let server = try await TwilioAPIServer.start(
            clock: TestClock("2026-11-23T12:00:00-05:00"), statusCallbacks: .automatic)
        let answer = try await Self.send(Self.text("hi", callback: receiver.url("/texts/status")), to: server)
        #expect(answer.status == 201)
        await server.stop()
        #expect(server.statusCallbacksPosted.map { $0.parameters["MessageStatus"] } == ["sent", "delivered"])
        #expect(receiver.requests.count == 2)
    }

    @Test func inboundMessageIsPostedAndSignedAsTwilioDoes() async throws {
        let application = try await LoopbackHTTPServer.start()
        defer { Task { await application.stop() } }
        let twiML = #"<?xml version="1.0" encoding="UTF-8"?><Response><Message>Got it</Message></Response>"#
        application.serve("/texts/inbound", .text(twiML, contentType: "text/xml"))
        let publicURL = "https://homeroom.example.org/texts/inbound"
        try await Self.withServer { server, _ in
            let answer = try await server.postInbound(
                to: application.url("/texts/inbound"), signingURL: publicURL, from: Self.parent, to: Self.school,
                body: "menu", extraParameters: [("FromCity", "SAN FRANCISCO")])
            #expect(answer.status == 200)
            #expect(answer.body == twiML)
            let request = try #require(application.requests.first)
            let fields = Self.fields(of: request)
            let signature = try #require(request.headers["x-twilio-signature"])
            #expect(
                TwilioSignature.isValid(
                    signature, for: publicURL, parameters: fields, authToken: TwilioAPIServer.authToken))
            #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
            let sid = try #require(Self.value("MessageSid", in: fields))
            #expect(sid.count == 34 && sid.hasPrefix("SM"))
            #expect(Self.value("SmsSid", in: fields) == sid)
            #expect(Self.value("From", in: fields) == Self.parent)
            #expect(Self.value("To", in: fields) == Self.school)
            #expect(Self.value("Body", in: fields) == "menu")
            #expect(Self.value("NumSegments", in: fields) == "1")
            #expect(Self.value("NumMedia", in: fields) == "0")
            #expect(Self.value("FromCountry", in: fields) == "US")
            #expect(Self.value("FromCity", in: fields) == "SAN FRANCISCO")
            #expect(Self.value("MessagingServiceSid", in: fields) == TwilioAPIServer.messagingServiceSID)
        }
    }

    @Test(arguments: [TwilioAPIServer.InboundTamper.wrongToken, .bodyChangedAfterSigning, .noSignatureHeader])
    func tamperedInboundPostFailsTheSignatureCheck(tamper: TwilioAPIServer.InboundTamper) async throws {
        let application = try await LoopbackHTTPServer.start()
        defer { Task { await application.stop() } }
        application.serve("/texts/inbound", .init(status: 403))
        let url = application.url("/texts/inbound")
        try await Self.withServer { server, _ in
            let answer = try await server.postInbound(
                to: url, from: Self.parent, to: Self.school, body: "menu", tamper: tamper)
            #expect(answer.status == 403)
            let request = try #require(application.requests.first)
            let signature = request.headers["x-twilio-signature"]
            #expect((signature == nil) == (tamper == .noSignatureHeader))
            let valid = signature.map {
                TwilioSignature.isValid(
                    $0, for: url.absoluteString, parameters: Self.fields(of: request),
                    authToken: TwilioAPIServer.authToken)
            }
            #expect(valid != true)
        }
    }

    @Test func inboundStopOptsTheSenderOutAndStartOptsThemBackIn() async throws {
        let application = try await LoopbackHTTPServer.start()
        defer { Task { await application.stop() } }
        application.serve("/texts/inbound", .init(status: 200))
        let url = application.url("/texts/inbound")
        try await Self.withServer { server, _ in
            try await server.postInbound(to: url, from: Self.parent, to: Self.school, body: "Stop")
            #expect(server.optedOut == [Self.parent])
            #expect(try await Self.send(Self.text("hi"), to: server).code == 21610)
            try await server.postInbound(to: url, from: Self.parent, to: Self.school, body: "START")
            #expect(server.optedOut.isEmpty)
            #expect(try await Self.send(Self.text("hi"), to: server).status == 201)
        }
    }

    @Test func postsOffThisMachineAreRefused() async throws {
        try await Self.withServer { server, _ in
            await #expect(throws: TwilioAPIServerError.self) {
                try await server.postInbound(
                    to: URL(string: "https://example.org/texts")!, from: Self.parent, to: Self.school, body: "hi")
            }
        }
    }
}
