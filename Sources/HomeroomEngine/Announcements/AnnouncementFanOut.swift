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
/// contacts left out); for `everyone` also the subscribers of `announcements` (a person whose home
/// is a roster person is reached once, whichever step comes to them first); or a circle's members,
/// which the plugin that keeps circles lists (``PluginAudiences``), reached as the roster's people
/// are and keyed by their person as they are; or named channels.
/// The steps take turns, a batch each, so that the first recipients on every platform are reached
/// at once. A correction goes to the recipients the corrected announcement reached, and to no one
/// else.
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
    /// The plugins that list the members of a circle.
    let audiences: PluginAudiences

    /// Recipients per transaction.
    package static let batchSize = 500
    /// How long a claim keeps other instances off a fan-out; each batch renews it.
    static let claimLifetime: TimeInterval = 60

    /// A fan-out over `database` by `claimer`, ringing `bell` after each batch, reaching a
    /// circle's members through `audiences`.
    package init(
        database: any Database, rules: AnnouncementRules, district: District, clock: any HomeroomClock,
        claimer: String, logger: Logger, bell: OutboxBell? = nil, audiences: PluginAudiences = .none
    ) {
        self.audiences = audiences
        self.bell = bell
        self.database = database
        self.rules = rules
        self.district = district
        self.clock = clock
        self.claimer = claimer
        self.logger = logger
    }

    /// The step recorded once the last batch went in: nothing is left but to mark it sent.
    static let done = "done"

    /// The steps of a fan-out, in order.
    enum Phase: String, CaseIterable {
        /// A few subscribers of each platform, so that every platform's first ones are reached
        /// at once (the `subscribers` step passes them again, and queues them no second time).
        case firstSubscribers = "first-subscribers"
        case roster, subscribers, channels, correction
        /// The members of a group a plugin keeps (a circle).
        case members
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

    /// What one batch read: its recipients, and where its step goes on from (nil: the step is done).
    struct Batch {
        var recipients: [Recipient] = []
        var optedOut = 0
        var unreachable = 0
        var cursor: String?
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
        // The steps take turns, a batch each, so that every platform's first recipients are
        // reached at once: the steps left (none once the last batch went in, `done`), and where
        // each goes on from.
        var remaining = Self.steps(left: progress.phase, of: announcement)
        var cursors = Self.cursors(progress.cursor)
        var turn = 0
        var batches = 0
        while !remaining.isEmpty {
            guard batches < batchLimit else { return false }
            batches += 1
            try Task.checkCancellation()
            let current = remaining[turn % remaining.count]
            let batch = try await read(current, after: cursors[current], of: announcement, at: school)
            let due = rules.release(at: clock.now, urgent: announcement.isUrgent, in: school.calendar)
            if let cursor = batch.cursor {
                cursors[current] = cursor
                turn += 1
            } else {
                remaining.removeAll { $0 == current }
                cursors[current] = nil
            }
            progress.phase = remaining.isEmpty ? Self.done : remaining.map(\.rawValue).joined(separator: ",")
            progress.cursor = Self.encoded(cursors)
            progress.optedOut += batch.optedOut
            progress.unreachable += batch.unreachable
            let recorded = progress
            let until = claimUntil()
            let written: Int?
            do {
                written = try await database.write { [claimer] db in
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
            } catch is FanOutLost {
                // Cancelled, or taken over by an instance that found the claim run out: theirs to finish.
                written = nil
            }
            guard let queued = written else { return false }
            progress.queued += queued
            if queued > 0, due <= clock.now { bell?.ring() }
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
        case .everyone: return [.firstSubscribers, .roster, .subscribers]
        case .channels: return [.channels]
        case .circle: return [.members]
        default: return [.roster]
        }
    }

    /// The steps left of `announcement`'s fan-out, as its progress records them: all of them
    /// before the first batch, none once it is `done`.
    static func steps(left recorded: String?, of announcement: Announcement) -> [Phase] {
        guard let recorded else { return phases(of: announcement) }
        return recorded.split(separator: ",").compactMap { Phase(rawValue: String($0)) }
    }

    /// Each step's cursor, as ``encoded(_:)`` records them: `roster=g-00412` lines.
    static func cursors(_ recorded: String?) -> [Phase: String] {
        var cursors: [Phase: String] = [:]
        for line in (recorded ?? "").split(separator: "\n") {
            guard let equals = line.firstIndex(of: "="), let phase = Phase(rawValue: String(line[..<equals])) else {
                continue
            }
            cursors[phase] = String(line[line.index(after: equals)...])
        }
        return cursors
    }

    /// `cursors` as one text, a `step=cursor` line each, in step order.
    static func encoded(_ cursors: [Phase: String]) -> String? {
        let lines = Phase.allCases.compactMap { phase in cursors[phase].map { "\(phase.rawValue)=\($0)" } }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The next batch of step `phase` after `cursor` of `announcement` from `school`, and where the
    /// step goes on from.
    private func read(_ phase: Phase, after cursor: String?, of announcement: Announcement, at school: School)
        async throws -> Batch
    {
        var batch = Batch()
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
            if people.count == limit { batch.cursor = people.last?.sourcedID }
        case .firstSubscribers:
            let page = try await database.read { db in
                try await AnnouncementBook.firstSubscribers(
                    perPlatform: Self.firstPerPlatform, school: announcement.school, on: db)
            }
            batch.recipients = try await recipients(page.map(\.subscriber))
        case .subscribers:
            let page = try await database.read { db in
                try await AnnouncementBook.subscribers(
                    after: cursor, school: announcement.school, limit: limit, on: db)
            }
            batch.recipients = try await recipients(page.map(\.subscriber))
            if page.count == limit { batch.cursor = page.last?.key }
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
            if sent.count == limit { batch.cursor = sent.last.map { String($0.id) } }
        case .members:
            batch = try await members(after: cursor, of: announcement, at: school)
        }
        try await leaveOutOptedOut(&batch)
        // The `subscribers` step counts them.
        if phase == .firstSubscribers { batch.optedOut = 0 }
        return batch
    }

    /// The subscribers of each platform reached in the first step.
    static let firstPerPlatform = 20

    /// The recipients `subscribers` are: a person by their home (reached once, whatever step
    /// comes to them first), a channel by its platform and name.
    private func recipients(_ subscribers: [AnnouncementBook.Subscriber]) async throws -> [Recipient] {
        var recipients: [Recipient] = []
        for subscriber in subscribers {
            switch subscriber.target {
            case .user(let identity):
                let home = try await database.read { db in try await IdentityLinks.home(of: identity, on: db) }
                recipients.append(
                    Recipient(
                        key: "person:\(home)", adapter: subscriber.adapter, target: subscriber.target, person: home))
            case .channel(let name):
                recipients.append(
                    Recipient(
                        key: "channel:\(subscriber.adapter):\(name)", adapter: subscriber.adapter,
                        target: subscriber.target, person: nil))
            }
        }
        return recipients
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
        return try await Outbox.language(of: recipient.target, adapter: recipient.adapter, on: db)
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
