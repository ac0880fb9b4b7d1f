import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTesting
import Lunch
import SQLKit
import Testing

/// The 10:30 menu post of a district of 100 schools: half of them share one menu, kept once, and
/// every school's channel gets its own school's dish at 10:30 in its own zone.
extension LargeDistrictTests {
    /// 10:30 on the Monday in each of ``zones``, earliest first.
    static let tenThirties = [
        ("Asia/Kolkata", "2026-11-23T10:30:00+05:30"), ("America/New_York", "2026-11-23T10:30:00-05:00"),
        ("America/Chicago", "2026-11-23T10:30:00-06:00"), ("America/Denver", "2026-11-23T10:30:00-07:00"),
        ("America/Los_Angeles", "2026-11-23T10:30:00-08:00"),
    ]

    /// The scopes of the lunch menus kept for `day`, sorted.
    static func menuScopes(on day: String, in bot: TestBot) async throws -> [String] {
        let storage = bot.storage(of: LunchPlugin.self)
        let menus = storage.table("menus")
        return try await storage.read { db in
            try await db.select().column(PluginStorage.scopeColumn).from(menus).where("day", .equal, SQLBind(day))
                .orderBy(PluginStorage.scopeColumn).all()
                .map { try $0.decode(column: PluginStorage.scopeColumn, as: String.self) }
        }
    }

    @Test func aHundredSchoolsGetTheirOwnMenuAtTheirOwnTenThirtyAndASharedMenuIsOneRow() async throws {
        let ids = (1...100).map { "school-\(String(format: "%03d", $0))" }
        let elementary = Set(ids.prefix(50))
        let zoneOf = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, Self.zones[$0 % 5]) })
        try await TestBot.with(
            plugins: [LunchPlugin.self], at: "2026-11-23T09:00:00+05:30",
            configure: { configuration in
                configuration.admins = ["console:district"]
                configuration.schools = ids.enumerated().map { index, id in
                    var section = school(id, "School \(index + 1)", timeZone: zoneOf[id])
                    section.channels = ["console:#\(id)"]
                    return section
                }
                var group = HomeroomConfiguration.GroupSection()
                group.schools = Array(ids.prefix(50))
                group.share = [LunchPlugin.id]
                configuration.groups = ["elementary": group]
            }
        ) { bot in
            // One district admin's word sets the menu of fifty schools, in one row.
            try await bot.expect(
                #"/lunch set 2026-11-23 specials "Elementary pizza" at school-001"#, from: "console:district",
                verified: true)
            #expect(try await Self.menuScopes(on: "2026-11-23", in: bot) == ["elementary"])
            for id in ids where !elementary.contains(id) {
                try await bot.expect(
                    #"/lunch set 2026-11-23 specials "Dish of \#(id)" at \#(id)"#, from: "console:district",
                    verified: true)
            }
            let scopes = try await Self.menuScopes(on: "2026-11-23", in: bot)
            #expect(scopes.count == 51 && scopes.filter { $0 == "elementary" }.count == 1)
            for id in ids {
                try await bot.expect("/subscribe lunch", from: "console:district", in: "#\(id)", verified: true)
            }
            for (zone, instant) in Self.tenThirties {
                let sent = try await bot.sendSubscriptions(at: instant)
                let expected = ids.filter { zoneOf[$0] == zone }
                #expect(expected.count == 20)
                #expect(sent.count == 20, "\(zone)")
                #expect(Set(sent.map(\.target)) == Set(expected.map { DeliveryTarget.channel("#\($0)") }), "\(zone)")
                for message in sent {
                    guard case .channel(let channel) = message.target else { continue }
                    let id = String(channel.dropFirst())
                    let dish = elementary.contains(id) ? "Elementary pizza" : "Dish of \(id)"
                    let text = message.lines.joined(separator: "\n")
                    #expect(text.contains(dish), "\(id): \(text)")
                    #expect(!text.contains(elementary.contains(id) ? "Dish of" : "Elementary pizza"), "\(id): \(text)")
                }
                try await bot.runtime.outbox.markDelivered(sent)
            }
        }
    }
}
