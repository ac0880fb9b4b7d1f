import Foundation
import HomeroomMessageAPI
import HomeroomRuntime
import HomeroomWebhooks
import InstalledPlatforms

extension HomeroomConfiguration {
    /// This configuration pointed at the demo district in `folder` (``DemoDistrict``: Jefferson
    /// Middle reads `middleSchoolBells`, and each school answers in its console channel, `#lincoln`,
    /// `#jefferson` and `#adams`, through the schools' `channels`): the campus's school name, the
    /// demo's own SQLite file (never a PostgreSQL server, `HOMEROOM_DATABASE_URL` included),
    /// `bellSchedule` as the calendar file, the office's contact details, a start given with `/here`
    /// that lasts the day, ``DemoAdmin`` as an admin, fetches allowed to reach 127.0.0.1, where the
    /// demo's news files are served, and a rate limit roomy enough for someone pasting the whole
    /// tour of commands at once.
    ///
    /// Nothing of the sample school reaches another machine: the IRC networks, the chat platforms
    /// (their incoming webhooks, and their slash commands, whose late answers are posted back to
    /// the platform) and the API clients' `notifyURL`s are switched off. The console and the
    /// webhook server with its pages, health and JSON API stay.
    func demo(in folder: URL, bellSchedule: URL, middleSchoolBells: URL) -> HomeroomConfiguration {
        var demo = self
        demo.schoolName = "Lincoln High School (demo)"
        demo.district = DemoDistrict.name
        demo.schools = DemoDistrict.schools(middleSchoolBells: middleSchoolBells)
        demo.groups = DemoDistrict.groups
        demo.storage.sqlite = DemoSchool.database(in: folder).path
        demo.storage.postgres = nil
        demo.admins.append(DemoAdmin.id.description)
        demo.fetch.allowedHosts.append(DemoFeedServer.host)
        demo.rateLimit.burst = max(demo.rateLimit.burst, 60)
        demo.rateLimit.perMinute = max(demo.rateLimit.perMinute, 120)
        demo.switchOffOutsideDeliveries()
        demo.setPlugin(
            "schedule",
            ["calendarFile": .string(bellSchedule.path), "calendarURL": .null, "defaultDayType": .null])
        demo.setPlugin(
            "events",
            [
                "contact": .object([
                    "office": .string("Main office, room A-100, by the front entrance"),
                    "phone": .string("+1 555 0100"), "email": .string("office@lincolnhigh.example"),
                    "hours": .string("Mon–Fri 7:30–16:00"), "address": .string("1 School Street"),
                ])
            ])
        demo.setPlugin("directions", ["locationMinutes": .number(1440)])
        return demo
    }

    /// Removes the IRC networks, the chat platforms' sections and the API clients' `notifyURL`s.
    private mutating func switchOffOutsideDeliveries() {
        if case .object(var section) = irc {
            section["networks"] = .array([])
            irc = .object(section)
        }
        guard case .object(var section) = webhooks else { return }
        for platform in installedPlatforms where platform.platform != .api { section[platform.sectionKey] = nil }
        if case .object(var api) = section["api"], case .object(var clients) = api["clients"] {
            for (name, client) in clients {
                guard case .object(var fields) = client else { continue }
                fields["notifyURL"] = nil
                clients[name] = .object(fields)
            }
            api["clients"] = .object(clients)
            section["api"] = .object(api)
        }
        webhooks = .object(section)
    }

    /// Sets `values` in the plugin's section, keeping its other keys.
    private mutating func setPlugin(_ id: String, _ values: [String: JSONValue]) {
        var section: [String: JSONValue] = [:]
        if case .object(let existing) = plugins[id] { section = existing }
        section.merge(values) { _, demo in demo }
        plugins[id] = .object(section)
    }
}
