import Foundation
import HomeroomCore
import Logging
import SQLKit

/// Puts an announcement in the outbox, one message per recipient, a batch at a time: each batch
/// is one transaction that queues its messages (keyed `announce:ID:RECIPIENT`, so that nothing is
/// queued twice) and records how far the fan-out got, so that an instance killed mid-way leaves
/// the rest to the next one that takes it up, and memory holds one batch, however large the
/// audience. One instance at a time holds a fan-out (a claim on the announcement that each batch
/// renews); the rest wait for the claim to run out.
///
/// The steps: the roster's people in the audience (each once, on the contact they chose, opted-out
/// contacts left out), then for `everyone` the subscribers of `announcements` (a person whose
/// home is a roster person already reached is not reached again), then named channels. A
/// correction goes to the recipients the corrected announcement reached, and to no one else.
package struct AnnouncementFanOut: Sendable {
    let database: any Database
    let rules: AnnouncementRules
    /// The schools, for each announcement's calendar (quiet hours) and name.
    let district: District
    let clock: any HomeroomClock
    /// The name this instance's claims carry.
    let claimer: String
    let logger: Logger
    /// Rung after each batch, so that this process's workers send it at once.
    let bell: OutboxBell?

    /// Recipients per transaction.
    package static let batchSize = 500
    /// How long a claim keeps other instances off a fan-out; each batch renews it.
    static let claimLifetime: TimeInterval = 60

    /// A fan-out over `database` by `claimer`, ringing `bell` after each batch.
    package init(
        database: any Database, rules: AnnouncementRules, district: District, clock: any HomeroomClock,
        claimer: String, logger: Logger, bell: OutboxBell? = nil
    ) {
        self.bell = bell
        self.database = database
        self.rules = rules
        self.district = district
        self.clock = clock
        self.claimer = claimer
        self.logger = logger
    }

    /// The steps of a fan-out, in order.
    enum Phase: String, CaseIterable {
        case roster, subscribers, channels, correction
    }

    /// One message to queue.
    struct Recipient {
        /// What the outbox key ends with: `person:roster:S1`, `channel:slack:#general`.
        let key: String
        let adapter: String
        let target: DeliveryTarget
        /// Whose language it is written in: a person's home, or nil for the target's own.
        let person: UserID?
    }

    /// What one batch read: its recipients, and the step and cursor after it.
    struct Batch {
        var recipients: [Recipient] = []
        var optedOut = 0
        var unreachable = 0
        var next: (phase: Phase?, cursor: String?)
    }

    /// Runs the fan-out of announcement `id` to its end, while this instance holds it; returns
    /// false when another instance holds it, or it is not due or was cancelled. After
    /// `batchLimit` batches it stops where it is, its claim left to run out, as an instance that
    /// stopped would leave it.
    @discardableResult
    package func run(_ id: Int64, batchLimit: Int = .max) async throws -> Bool {
        let book = AnnouncementBook(database: database)
        guard try await book.claim(id, for: claimer, at: clock.now, until: claimUntil()),
            let announcement = try await book.announcement(id), var progress = try await book.progress(of: id)
        else { return false }
        let school = announcement.school.flatMap(district.school(id:)) ?? district.defaultSchool
        let steps = Self.phases(of: announcement)
        var phase = progress.phase.flatMap(Phase.init(rawValue:)) ?? steps.first
        var batches = 0
        while let current = phase {
            guard batches < batchLimit else { return false }
            batches += 1
            try Task.checkCancellation()
            let batch = try await read(current, after: progress.cursor, of: announcement, steps: steps)
            let due = rules.release(at: clock.now, urgent: announcement.isUrgent, in: school.calendar)
            progress.phase = batch.next.phase?.rawValue
            progress.cursor = batch.next.cursor
            progress.optedOut += batch.optedOut
            progress.unreachable += batch.unreachable
            let recorded = progress
            let until = claimUntil()
            let queued = try await database.write { [claimer] db in
                var queued = 0
                for recipient in batch.recipients {
                    let language = try await Self.language(of: recipient, on: db) ?? school.calendar.language
                    if try await Outbox.enqueue(
                        adapter: recipient.adapter, target: recipient.target,
                        lines: announcement.lines(in: language, from: school),
                        idempotencyKey: AnnouncementBook.keyPrefix(of: id) + recipient.key, due: due, into: db)
                    {
                        queued += 1
                    }
                }
                var advanced = recorded
                advanced.queued += queued
                try await AnnouncementBook.advance(id, to: advanced, by: claimer, until: until, on: db)
                return queued
            }
            progress.queued += queued
            if queued > 0, due <= clock.now { bell?.ring() }
            phase = batch.next.phase
        }
        guard try await book.finish(id, by: claimer, at: clock.now) else { return false }
        logger.info(
            "announcement \(id): \(progress.queued) messages queued, \(progress.optedOut) opted out, \(progress.unreachable) unreachable"
        )
        return true
    }

    private func claimUntil() -> Date { clock.now.addingTimeInterval(Self.claimLifetime) }

    /// The steps `announcement` goes through.
    static func phases(of announcement: Announcement) -> [Phase] {
        if announcement.corrects != nil { return [.correction] }
        switch announcement.audience {
        case .everyone: return [.roster, .subscribers]
        case .channels: return [.channels]
        default: return [.roster]
        }
    }

    /// The next batch of step `phase` after `cursor`, and where the fan-out goes after it.
    private func read(_ phase: Phase, after cursor: String?, of announcement: Announcement, steps: [Phase])
        async throws -> Batch
    {
        let following = steps.firstIndex(of: phase).flatMap { $0 + 1 < steps.count ? steps[$0 + 1] : nil }
        var batch = Batch(next: (following, nil))
        let limit = Self.batchSize
        switch phase {
        case .roster:
            let people =
                try await database.read { db in
                    try await RosterBook.people(
                        in: announcement.audience, at: announcement.school, after: cursor, limit: limit, on: db)
                } ?? []
            let choices = try await database.read { db in try await RosterBook.choices(of: people, on: db) }
            for person in people {
                guard
                    let contact = NotifyChoice.target(of: person, choosing: choices[person.home.description])
                else {
                    batch.unreachable += 1
                    continue
                }
                batch.recipients.append(
                    Recipient(
                        key: "person:\(person.home)", adapter: contact.adapter, target: .user(contact),
                        person: person.home))
            }
            if people.count == limit { batch.next = (.roster, people.last?.sourcedID) }
        case .subscribers:
            let page = try await database.read { db in
                try await AnnouncementBook.subscribers(
                    after: cursor, school: announcement.school, limit: limit, on: db)
            }
            for (_, subscriber) in page {
                switch subscriber.target {
                case .user(let identity):
                    let home = try await database.read { db in try await IdentityLinks.home(of: identity, on: db) }
                    batch.recipients.append(
                        Recipient(
                            key: "person:\(home)", adapter: subscriber.adapter, target: subscriber.target, person: home)
                    )
                case .channel(let name):
                    batch.recipients.append(
                        Recipient(
                            key: "channel:\(subscriber.adapter):\(name)", adapter: subscriber.adapter,
                            target: subscriber.target, person: nil))
                }
            }
            if page.count == limit { batch.next = (.subscribers, page.last?.key) }
        case .channels:
            guard case .channels(let names) = announcement.audience else { break }
            for name in names {
                let (adapter, channel) = Self.channel(name, typedOn: announcement.author.adapter)
                batch.recipients.append(
                    Recipient(
                        key: "channel:\(adapter):\(channel)", adapter: adapter, target: .channel(channel), person: nil))
            }
        case .correction:
            guard let corrected = announcement.corrects else { break }
            let after = cursor.flatMap { Int64($0) } ?? 0
            let sent = try await database.read { db in
                try await Outbox.sent(
                    keyPrefix: AnnouncementBook.keyPrefix(of: corrected), after: after, limit: limit, on: db)
            }
            let prefix = AnnouncementBook.keyPrefix(of: corrected)
            for message in sent {
                batch.recipients.append(
                    Recipient(
                        key: String(message.idempotencyKey.dropFirst(prefix.count)), adapter: message.adapter,
                        target: message.target, person: nil))
            }
            if sent.count == limit { batch.next = (.correction, sent.last.map { String($0.id) }) }
        }
        try await leaveOutOptedOut(&batch)
        return batch
    }

    /// Removes from `batch` the people whose contact opted out (a number that texted STOP, an
    /// address that unsubscribed), counting them.
    private func leaveOutOptedOut(_ batch: inout Batch) async throws {
        var identitiesByAdapter: [String: [String]] = [:]
        for recipient in batch.recipients {
            if case .user(let user) = recipient.target {
                identitiesByAdapter[recipient.adapter, default: []].append(user.id)
            }
        }
        var optedOut: [String: Set<String>] = [:]
        for (adapter, identities) in identitiesByAdapter {
            optedOut[adapter] = try await OptOutList(adapter: adapter, database: database).optedOut(among: identities)
        }
        let before = batch.recipients.count
        batch.recipients.removeAll { recipient in
            guard case .user(let user) = recipient.target else { return false }
            return optedOut[recipient.adapter]?.contains(user.id) == true
        }
        batch.optedOut += before - batch.recipients.count
    }

    /// The language `recipient` reads: their person's choice, else the target's (a channel's).
    private static func language(of recipient: Recipient, on db: any SQLDatabase) async throws -> Language? {
        if let person = recipient.person, let chosen = try await PersonLanguages.stored(for: person, on: db).language {
            return chosen
        }
        switch recipient.target {
        case .user(let user):
            let home = try await IdentityLinks.home(of: user, on: db)
            return try await PersonLanguages.stored(for: home, on: db).language
        case .channel(let channel):
            return try await ChannelSwitchboard.language(adapter: recipient.adapter, channel: channel, on: db)
        }
    }

    /// The platform and channel `name` names: `slack:#general`, else `#general` on `adapter`.
    static func channel(_ name: String, typedOn adapter: String) -> (adapter: String, channel: String) {
        if let colon = name.firstIndex(of: ":") {
            let platform = name[..<colon]
            if !platform.isEmpty, platform.allSatisfy({ $0.isASCII && $0.isLowercase }) {
                return (String(platform), String(name[name.index(after: colon)...]))
            }
        }
        return (adapter, name)
    }
}
