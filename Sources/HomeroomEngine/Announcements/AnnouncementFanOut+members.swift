import HomeroomCore
import SQLKit

extension AnnouncementFanOut {
    /// The next batch of the members of `announcement`'s group (a circle) at `school`, after
    /// `cursor` (the last member's home identity), as its plugin lists them: each person once,
    /// keyed by their person as the other steps key them. A person the roster lists goes by the
    /// contact they chose, as the roster step reaches them, else by an identity they linked;
    /// anyone else by their home identity. Those with none of these are counted unreachable.
    func members(after cursor: String?, of announcement: Announcement, at school: School) async throws -> Batch {
        var batch = Batch()
        guard let group = announcement.audience.group else { return batch }
        let after = cursor.flatMap(UserID.init)
        // A cursor no version wrote would start the step over, again and again: end it instead.
        guard cursor == nil || after != nil else { return batch }
        let homes = try await audiences.members(
            of: group.kind, named: group.name, at: school, after: after, limit: Self.batchSize)
        if homes.count >= Self.batchSize { batch.cursor = homes.last?.description }
        let rosterIDs = homes.filter { $0.adapter == RosterPerson.adapter }.map(\.id)
        let (people, choices) = try await database.read { db in
            let people = try await Self.rosterPeople(rosterIDs, on: db)
            return (people, try await RosterBook.choices(of: Array(people.values), on: db))
        }
        var seen: Set<UserID> = []
        for home in homes where seen.insert(home).inserted {
            var contact: UserID? = home
            if home.adapter == RosterPerson.adapter {
                contact = people[home.id].flatMap { NotifyChoice.target(of: $0, choosing: choices[home.description]) }
                if contact == nil { contact = try await linkedIdentity(of: home) }
            }
            guard let contact else {
                batch.unreachable += 1
                continue
            }
            batch.recipients.append(
                Recipient(key: "person:\(home)", adapter: contact.adapter, target: .user(contact), person: home))
        }
        return batch
    }

    /// The roster's people whose roster ids are `ids`, by roster id, on `db`.
    private static func rosterPeople(_ ids: [String], on db: any SQLDatabase) async throws -> [String: RosterPerson] {
        guard !ids.isEmpty else { return [:] }
        let people = try await db.select().column("*").from(RosterBook.peopleTable)
            .where("sourced_id", .in, SQLBind.group(ids)).all().map(RosterBook.person(from:))
        return Dictionary(people.map { ($0.sourcedID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The first identity `home` (a roster person with no contact in the roster) linked on a
    /// platform; nil when they linked none.
    private func linkedIdentity(of home: UserID) async throws -> UserID? {
        try await database.read { db in
            try await IdentityLinks.identities(ofHome: home, on: db).first { $0 != home }
        }
    }
}
