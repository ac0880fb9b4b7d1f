import Foundation
import HomeroomCore
import SQLKit

/// Which school each channel and workspace is: set by an admin in it (`/admin school`) and kept
/// in `core_school_places`. A person's own school (`/me school`) is read with their roles
/// (``AccessDirectory``); roles held at one school are kept beside it, in `core_school_roles`.
///
/// Lookups are cached for a few seconds; registered as ``sharedCache``, a change on any instance
/// empties the cache on every other.
package final class SchoolAssignments: Sendable {
    /// What an assignment names: one channel, or every channel of a workspace (a Slack team, an
    /// IRC network, a Matrix server; for a platform serving one workspace, all of it).
    package enum Place: Hashable, Sendable {
        /// A channel, named as its platform names it.
        case channel(String)
        /// A workspace, as ``IncomingMessage/workspace`` names it (a Teams team) or ``UserID/workspace``.
        case workspace(String)

        /// How the place is stored: `channel:#lunchroom`, `workspace:T0001`.
        var key: String {
            switch self {
            case .channel(let name): "channel:\(name)"
            case .workspace(let name): "workspace:\(name)"
            }
        }
    }

    /// A channel or workspace of one adapter, as the configuration gives it to a school.
    package struct ConfiguredPlace: Hashable, Sendable {
        /// The adapter (`slack`, `irc`).
        package let adapter: String
        /// The channel or workspace.
        package let place: Place

        /// The place `place` of `adapter`.
        package init(adapter: String, place: Place) {
            self.adapter = adapter
            self.place = place
        }
    }

    private struct CacheKey: Hashable, Sendable {
        let adapter: String
        let place: String
    }

    /// A cached lookup: the school's id, or none.
    private struct Lookup: Sendable {
        let school: String?
    }

    /// The district's schools.
    package let district: District
    /// The places the configuration gives to schools, by school id: an admin's assignment of the
    /// same place in chat wins over them.
    private let configured: [ConfiguredPlace: String]
    private let database: any Database
    private let clock: any HomeroomClock
    private let cache: ExpiringCache<CacheKey, Lookup>

    /// Creates the assignments of `district`'s schools, kept in `database`.
    package init(
        district: District, configured: [ConfiguredPlace: String] = [:], database: any Database,
        clock: any HomeroomClock, cacheLifetime: TimeInterval = 10
    ) {
        self.district = district
        self.configured = configured
        self.database = database
        self.clock = clock
        cache = ExpiringCache(timeToLive: cacheLifetime, capacity: 20_000)
    }

    /// The cached lookups, for the runtime to empty when another instance changes an assignment.
    package var sharedCache: SharedCache { SharedCache(cache) }

    /// The school the channel `channel` of `adapter` is, else the school of the first of
    /// `workspaces` that has one (a Teams team, then its tenant, which assignments made before
    /// teams were told apart name); nil when none is assigned (or names a school no longer configured).
    package func school(ofChannel channel: String, workspaces: [String], adapter: String) async throws -> School? {
        var places = [Place.channel(channel)]
        for workspace in workspaces where !places.contains(.workspace(workspace)) {
            places.append(.workspace(workspace))
        }
        return try await schoolIDs(of: places, adapter: adapter).lazy.compactMap { $0 }.first
            .flatMap(district.school(id:))
    }

    /// The school `place` of `adapter` is assigned to, if any.
    package func school(of place: Place, adapter: String) async throws -> School? {
        try await schoolIDs(of: [place], adapter: adapter)[0].flatMap(district.school(id:))
    }

    /// The school id each of `places` of `adapter` is assigned to, in order: from the cache, else
    /// read together in one query. Stored assignments come first: an admin's word in chat wins
    /// over the configuration.
    private func schoolIDs(of places: [Place], adapter: String) async throws -> [String?] {
        let now = clock.now
        let keys = places.map { CacheKey(adapter: adapter, place: $0.key) }
        let cached = keys.map { cache.value(for: $0, at: now) }
        if cached.allSatisfy({ $0 != nil }) { return cached.map { $0!.school } }
        let generation = cache.generation
        let stored = try await database.read { db in
            try await db.select().columns("place", "school").from(Self.placesTable)
                .where("adapter", .equal, SQLBind(adapter)).where("place", .in, SQLBind.group(keys.map(\.place)))
                .all()
                .map {
                    (try $0.decode(column: "place", as: String.self), try $0.decode(column: "school", as: String.self))
                }
        }
        let found = Dictionary(stored) { first, _ in first }
        return zip(places, keys).map { place, key in
            let school = found[key.place] ?? configured[ConfiguredPlace(adapter: adapter, place: place)]
            cache.store(Lookup(school: school), for: key, at: now, readSince: generation)
            return school
        }
    }

    /// The school whose daily subscription goes to `target` on `adapter`: a channel's school (its
    /// own; its workspace is not known from a stored target), a person's own; nil for neither.
    package func school(of target: DeliveryTarget, adapter: String) async throws -> School? {
        switch target {
        case .channel(let name):
            return try await school(of: Place.channel(name), adapter: adapter)
        case .user(let person):
            let id = try await database.read { db in
                try await Self.school(of: try await IdentityLinks.home(of: person, on: db), on: db)
            }
            return id.flatMap(district.school(id:))
        }
    }

    /// Assigns `place` of `adapter` to `school` (nil: to none, so that it follows its workspace or
    /// the asker), audited as done by `actor` in `channel`. Returns false when nothing changed.
    @discardableResult
    package func assign(_ place: Place, adapter: String, to school: School?, by actor: UserID, channel: String?)
        async throws -> Bool
    {
        let now = clock.now
        let changed: Bool = try await database.write { db in
            let current = try await db.select().column("school").from(Self.placesTable)
                .where("adapter", .equal, SQLBind(adapter)).where("place", .equal, SQLBind(place.key)).first()
                .map { try $0.decode(column: "school", as: String.self) }
            guard current != school?.id else { return false }
            try await db.delete(from: Self.placesTable)
                .where("adapter", .equal, SQLBind(adapter)).where("place", .equal, SQLBind(place.key)).run()
            if let school {
                try await db.insert(into: Self.placesTable).columns("adapter", "place", "school", "set_by", "set_at")
                    .values(
                        SQLBind(adapter), SQLBind(place.key), SQLBind(school.id), SQLBind(actor.description),
                        SQLBind(Int64(now.timeIntervalSince1970))
                    ).run()
            }
            try await AuditLog.insert(
                AuditEntry(
                    at: now, actor: actor, action: "school.place",
                    detail: "\(adapter) \(place.key) is now \(school?.id ?? "unassigned")"
                        + (current.map { " (was \($0))" } ?? ""),
                    channel: channel, school: school?.id ?? current),
                into: db)
            return true
        }
        cache.forget(CacheKey(adapter: adapter, place: place.key))
        return changed
    }

    /// The school `person` (a home identity) said they belong to, read on `db`.
    static func school(of person: UserID, on db: any SQLDatabase) async throws -> String? {
        try await db.select().column("school").from(peopleTable)
            .where("person", .equal, SQLBind(person.description)).first()
            .map { try $0.decode(column: "school", as: String.self) }
    }

    /// Stores `school` (nil: none) as the school of `person` (a home identity), on `db`.
    static func setSchool(_ school: String?, of person: UserID, at now: Date, on db: any SQLDatabase) async throws {
        try await db.delete(from: peopleTable).where("person", .equal, SQLBind(person.description)).run()
        guard let school else { return }
        try await db.insert(into: peopleTable).columns("person", "school", "set_at")
            .values(SQLBind(person.description), SQLBind(school), SQLBind(Int64(now.timeIntervalSince1970))).run()
    }

    /// The roles `identities` (one person's) hold at single schools, by school id, read on `db`.
    static func storedRoles(of identities: [UserID], on db: any SQLDatabase) async throws -> [String: Set<String>] {
        var roles: [String: Set<String>] = [:]
        for row in try await db.select().columns("role", "school").from(rolesTable)
            .where("identity", .in, SQLBind.group(identities.map(\.description))).all()
        {
            roles[try row.decode(column: "school", as: String.self), default: []]
                .insert(try row.decode(column: "role", as: String.self))
        }
        return roles
    }
}
