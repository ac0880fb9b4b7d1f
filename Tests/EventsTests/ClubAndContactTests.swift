import Events
import Foundation
import HomeroomCore
import HomeroomTesting
import Testing

@Suite struct ClubAndContactTests {
    @Test(arguments: TemporaryDatabase.availableBackends)
    func adminsKeepTheClubsEveryoneReadsThem(backend: DatabaseBackend) async throws {
        try await withEventsBot(backend: backend) { bot in
            try await bot.expect("/clubs", contains: "No clubs are listed yet.")
            try await bot.expect(
                "/club set robotics meets Thursdays", contains: "you need the club.set permission", error: true)
            try await bot.loginAsAdmin()
            try await bot.expect(
                #"/club set robotics title Robotics category academic meets "Thursdays 15:30" room B-301 advisor "Ms. Rivera" link https://robotics.lincoln.example"#,
                from: "console:admin", contains: "Saved Robotics; /club robotics shows it.")
            try await bot.expect(
                #"/club set soccer category sports meets "Mon, Wed 16:00" room "Field 2""#, from: "console:admin")
            try await bot.expect(#"/club set chess category academic"#, from: "console:admin")
            let all = try await bot.expect("/clubs")
            #expect(
                all.lines == [
                    "Clubs:", "• Chess", "• Robotics — Thursdays 15:30, B-301", "• Soccer — Mon, Wed 16:00, Field 2",
                    "Details: /club NAME",
                ])
            let sports = try await bot.expect("/clubs sports")
            #expect(sports.lines.dropFirst().first == "• Soccer — Mon, Wed 16:00, Field 2")
            try await bot.expect(
                "/clubs chess", contains: "no chess clubs — the kinds are academic, sports", error: true)
            let robotics = try await bot.expect("/club robotics")
            #expect(
                robotics.lines == [
                    "Robotics (academic)", "Meets: Thursdays 15:30 in B-301", "Advisor: Ms. Rivera",
                    "https://robotics.lincoln.example",
                ])
            try await bot.expect(
                "/club knitting", contains: "no club knitting — the clubs are chess, robotics, soccer", error: true)
            try await bot.expect(
                "/club set robotics colour red", from: "console:admin", contains: "no club field colour", error: true)
            try await bot.expect(
                "/club set robotics link ftp://x", from: "console:admin",
                contains: "link must be an http or https address", error: true)
            try await bot.expect(
                "/club set robotics room", from: "console:admin", contains: "usage: /club set NAME", error: true)
            try await bot.expect("/club set robotics room -", from: "console:admin")
            try await bot.expect("/club robotics", contains: "Meets: Thursdays 15:30\n")
            try await bot.expect("/club remove chess", from: "console:admin", contains: "Removed the club chess.")
            try await bot.expect("/club remove chess", from: "console:admin", contains: "no club chess", error: true)
        }
    }

    @Test func contactComesFromTheConfiguration() async throws {
        try await withEventsBot { bot in
            try await bot.expect("/contact", contains: "The office's contact details are not set up yet.")
        }
        try await withEventsBot(settings: [
            "contact": .object([
                "office": .string("Lincoln High School main office"), "phone": .string("+1 555 0100"),
                "email": .string("office@lincoln.example"), "hours": .string("Mon–Fri 7:30–16:00"),
            ])
        ]) { bot in
            let contact = try await bot.expect("/contact")
            #expect(
                contact.lines == [
                    "Lincoln High School main office", "Phone: +1 555 0100", "E-mail: office@lincoln.example",
                    "Hours: Mon–Fri 7:30–16:00",
                ])
        }
    }
}
