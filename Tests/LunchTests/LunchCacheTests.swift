import Foundation
import HomeroomCore
import HomeroomTesting
import Lunch
import Testing

@Suite struct LunchCacheTests {
    @Test func aWriteInThisProcessShowsAtOnce() async throws {
        try await withLunchBot { bot in
            try await bot.loginAsAdmin(admin)
            try await bot.expect("/lunch", contains: "no lunch menu is posted")
            try await bot.expect("/lunch set specials Ramen", from: admin)
            try await bot.expect("/lunch", contains: "Ramen")
            try await bot.expect("/lunch always add Salad bar", from: admin)
            try await bot.expect("/lunch", contains: "Always available: Salad bar")
        }
    }

    @Test func aWriteByAnotherProcessShowsWithinTheCacheLifetime() async throws {
        try await withLunchBot { bot in
            try await bot.expect("/lunch", contains: "no lunch menu is posted")
            // Another process (an import) writes to the same database.
            let csv = Data("date,specials,vegetables,fries\n2026-11-23,Gumbo,,no\n".utf8)
            _ = try await LunchImporter.importMenus(
                csv, named: "other.csv", into: bot.runtime.storage(for: LunchPlugin.id), by: AuditEntry.commandLine,
                at: bot.clock.now)
            try await bot.expect("/lunch", contains: "no lunch menu is posted")
            bot.clock.advance(by: 61)
            try await bot.expect("/lunch", contains: "Gumbo")
        }
    }
}
