import AsyncHTTPClient
import Directions
import Foundation
import HomeroomCore
import HomeroomTestbed
import HomeroomTesting
import HomeroomWebhooks
import InstalledPlatforms
import Testing

/// The directions bot behind a real webhook server on a loopback port.
struct PageServer {
    let bot: TestBot
    let baseURL: String

    struct Answer {
        let status: Int
        let body: String
        let contentType: String?
    }

    static func with(imported: Bool = true, _ body: (PageServer) async throws -> Void) async throws {
        try await withDirectionsBot(imported: imported) { bot in
            var settings = WebhookSettings()
            settings.port = 0
            let dependencies = WebhookServer.Dependencies(
                dispatcher: bot.runtime.dispatcher, database: bot.runtime.database, outbox: bot.runtime.outbox,
                clock: bot.clock, fetcher: bot.runtime.fetcher, adapterStatus: bot.runtime.adapterStatus,
                roster: bot.runtime.roster, metrics: nil,
                logger: TestBot.testLogger())
            let (ports, continuation) = AsyncStream.makeStream(of: WebhookServer.Listening.self)
            let server = WebhookServer(settings: settings, dependencies: dependencies) { continuation.yield($0) }
            try await withRunningService(server, stopped: { continuation.finish() }) {
                var iterator = ports.makeAsyncIterator()
                let listening = try #require(await iterator.next())
                #expect(listening.endpoints.contains("/here"))
                try await body(PageServer(bot: bot, baseURL: listening.baseURL))
            }
        }
    }

    func get(_ path: String) async throws -> Answer {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: baseURL + path), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1_000_000)
        return Answer(
            status: Int(response.status.code), body: String(buffer: body),
            contentType: response.headers.first(name: "Content-Type"))
    }
}

@Suite struct HerePageTests {
    @Test func thePageShowsWhereYouAreTheFormAndThePlaces() async throws {
        try await PageServer.with { server in
            let page = try await server.get("/here/B2-EAST")
            #expect(page.status == 200 && page.contentType == "text/html; charset=utf-8")
            #expect(page.body.contains("<h1>You are at B2-EAST</h1>"))
            #expect(page.body.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
            #expect(page.body.contains(#"<select id="building" name="building">"#))
            #expect(page.body.contains(#"<option value="B">B — Science building</option>"#))
            #expect(page.body.contains(#"<input id="room" name="room""#))
            #expect(page.body.contains(#"<button type="submit">Go</button>"#))
            #expect(page.body.contains(#"<li><a href="?to=Library">Library (A-110)</a></li>"#))
            #expect(!page.body.contains("<script"), "no script on the page")
            #expect(try await server.get("/here/b2-east").status == 200, "ids are read in any case")
        }
    }

    @Test func aDestinationGivesNumberedDirectionsAndTheScanHint() async throws {
        try await PageServer.with { server in
            let direct = try await server.get("/here/A1-ENTRANCE?to=B-201")
            #expect(direct.body.contains("<h2>B-201 (Chemistry lab) from A1-ENTRANCE: 136 m, about 2 min</h2>"))
            #expect(direct.body.contains("<li>Take the east stairs up to floor 2.</li>"))
            #expect(direct.body.contains("<li>B-201 (Chemistry lab) is the third door on your left.</li>"))
            #expect(direct.body.contains("Scan another code on the way for fresh directions."))
            let picked = try await server.get("/here/A1-ENTRANCE?building=B&room=201")
            #expect(picked.body.contains("<h2>B-201 (Chemistry lab) from A1-ENTRANCE"))
            #expect(picked.body.contains(#"<option value="B" selected>"#))
            let named = try await server.get("/here/A1-ENTRANCE?building=C&room=chem+lab&accessible=1")
            #expect(
                named.body.contains("<h2>B-201 (Chemistry lab) from A1-ENTRANCE: 148 m, about 2 min, step-free</h2>"))
            #expect(named.body.contains(#"name="accessible" value="1" checked"#))
            #expect(named.body.contains("&amp;accessible=1\">Library"), "place links keep the step-free choice")
        }
    }

    @Test func mistakesAreShownOnThePageAndUnknownCodesGet404() async throws {
        try await PageServer.with { server in
            let unknownRoom = try await server.get("/here/A1-ENTRANCE?building=B&room=2011")
            #expect(unknownRoom.status == 200)
            #expect(unknownRoom.body.contains("No room B-2011 in building B — did you mean B-201 or B-211?</p>"))
            let hostile = try await server.get("/here/A1-ENTRANCE?room=%3Cscript%3Ealert(1)%3C%2Fscript%3E%22")
            #expect(!hostile.body.contains("<script>") && hostile.body.contains("&lt;script&gt;"))
            #expect(hostile.body.contains(#"value="&lt;script&gt;alert(1)&lt;/script&gt;&quot;""#))
            let unknown = try await server.get("/here/Z-99")
            #expect(unknown.status == 404)
            #expect(unknown.body.contains("The campus map has no checkpoint for the code <strong>Z-99</strong>."))
            #expect(unknown.body.contains("<li>Library (A-110)</li>"))
            #expect(try await server.get("/here").status == 404)
            let malformed = try await server.get("/here/A1-ENTRANCE?to%5Bfloor%5D=2")
            #expect(malformed.status == 400 && malformed.body == "The address's query is malformed.")
        }
    }

    @Test func beforeAnyImportThePageSaysSo() async throws {
        try await PageServer.with(imported: false) { server in
            let page = try await server.get("/here/A1-ENTRANCE")
            #expect(page.status == 404 && page.body.contains("We don't know this spot"))
        }
    }
}
