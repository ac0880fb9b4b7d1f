import Foundation
import HomeroomCore

extension CorePlugin {
    /// `/announce`: a message to a whole audience at once, with approval when the school asks for
    /// it, urgent alerts that go at once, a delivery report, retries, corrections and cancelling.
    var announceCommand: Command {
        Command(
            "announce", summary: "send an announcement or an urgent alert to everyone it is for",
            usage:
                "[urgent] everyone|students|staff|families|grade N|class ID|circle NAME|channels #… \"TEXT\" [at [DATE] HH:MM] [LANGUAGE \"TEXT\"]…",
            access: .restricted, capability: "announce.send",
            subcommands: [
                Command(
                    "approve", summary: "approve an announcement someone else wrote", usage: "N", access: .restricted,
                    capability: "announce.approve", handler: approveAnnouncement),
                Command(
                    "status", summary: "who got an announcement, by platform", usage: "N", access: .restricted,
                    capability: "announce.send", handler: announcementStatus),
                Command(
                    "retry", summary: "send again what failed", usage: "N", access: .restricted,
                    capability: "announce.send", handler: retryAnnouncement),
                Command(
                    "correct", summary: "send a correction to those who got an announcement", usage: "N \"TEXT\"",
                    access: .restricted, capability: "announce.send", handler: correctAnnouncement),
                Command(
                    "cancel", summary: "stop what has not gone out yet", usage: "N", access: .restricted,
                    capability: "announce.send", handler: cancelAnnouncement),
                Command(
                    "list", summary: "the latest announcements", access: .restricted, capability: "announce.send",
                    handler: listAnnouncements),
            ],
            handler: announce)
    }

    /// The topic that brings a channel, or a person in a direct message, every announcement to
    /// `everyone`.
    static var announcementsTopic: SubscriptionTopic {
        SubscriptionTopic(
            "announcements", summary: "the school's announcements and urgent alerts",
            delivery: .asItHappens(
                subscribe: { context in
                    try await AnnouncementBook(database: context.storage.database).subscribe(
                        adapter: context.conversationAdapter, target: context.conversationTarget,
                        school: context.services.schoolID, at: context.now,
                        audit: context.auditEntry("subscribe", "announcements for \(context.conversationTarget)"))
                },
                unsubscribe: { context in
                    try await AnnouncementBook(database: context.storage.database).unsubscribe(
                        adapter: context.conversationAdapter, target: context.conversationTarget,
                        audit: context.auditEntry("unsubscribe", "announcements for \(context.conversationTarget)"))
                },
                isSubscribed: { context in
                    try await AnnouncementBook(database: context.storage.database).isSubscribed(
                        adapter: context.conversationAdapter, target: context.conversationTarget)
                }))
    }

    /// Every minute: the announcements whose time came, and the fan-outs an instance left
    /// half-way when it stopped, also as soon as an instance takes the job (a restart resumes a
    /// fan-out at once). On SQLite, where one file is one `serve`, a fan-out another
    /// process claimed is a killed one's: it is taken over at once rather than when the claim runs out.
    var announcementJob: ScheduledJob {
        ScheduledJob("send announcements", schedule: try! CronSchedule("* * * * *"), runsWhenTakenOver: true) {
            context in
            let database = context.storage.database
            let fanOut = announcementFanOut(database: database, services: context.services)
            let book = AnnouncementBook(database: database)
            if database.backend == .sqlite {
                let taken = try await book.endClaims(notHeldBy: fanOut.claimer)
                if taken > 0 {
                    context.logger.info("took over \(taken) announcement fan-out(s) a stopped process left")
                }
            }
            for id in try await book.due(at: context.clock.now) {
                do {
                    try await fanOut.run(id)
                } catch {
                    context.logger.error("announcement \(id): the fan-out stopped: \(error)")
                }
            }
        }
    }

    /// The fan-out of this instance over `database`.
    func announcementFanOut(database: any Database, services: PluginServices) -> AnnouncementFanOut {
        AnnouncementFanOut(
            database: database, rules: announcementRules, district: district(services), clock: services.clock,
            claimer: Outbox.processClaimer, logger: services.logger, bell: outbox.bell,
            audiences: PluginAudiences(providers: audienceProviders, services: services))
    }

    /// The school an announcement typed in `context` is from: nil in a deployment of one school.
    private func announcementSchool(_ context: CommandContext) -> String? {
        district(context.services).hasOneSchool ? nil : context.services.schoolID
    }

    private func announce(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let request = try AnnouncementRequest(
            context.arguments, now: context.now, calendar: context.services.school, words)
        if request.isUrgent, !context.caller.capabilities.allows("announce.urgent") {
            throw UserFacingError.missingPermission("announce.urgent", words)
        }
        let audience = try await resolved(request.audience, context)
        var draft = AnnouncementBook.Draft(
            school: announcementSchool(context), author: context.caller.user, text: request.text, audience: audience)
        draft.isUrgent = request.isUrgent
        draft.sendAt = request.sendAt
        draft.translations = request.translations
        let needsApproval = announcementRules.requireApproval && !request.isUrgent
        let book = AnnouncementBook(database: context.storage.database)
        let announcement = try await book.add(
            draft, state: needsApproval ? .awaitingApproval : .scheduled, at: context.now,
            audit: context.auditEntry(
                request.isUrgent ? "announce.urgent" : "announce",
                "\(audience.stored): \(request.text.prefix(200))"))
        let values: KeyValuePairs<String, String> = [
            "number": String(announcement.id), "audience": Self.describe(audience, words),
            "approve": context.typed("announce approve \(announcement.id)"),
        ]
        if needsApproval {
            let asked = try await askForApproval(of: announcement, context)
            return Reply.privately(
                words.plural(
                    "Announcement {number} to {audience} waits for approval: someone with announce.approve, other than you, types {approve}. {count} person was asked.",
                    "Announcement {number} to {audience} waits for approval: someone with announce.approve, other than you, types {approve}. {count} people were asked.",
                    count: asked, values))
        }
        return try await sendIfDue(announcement, context)
    }

    /// `audience` with its group (a circle) as the plugin that keeps it found it for the asker:
    /// its name as kept, or the plugin's refusal (no such circle, a private one the asker is not
    /// in). Any other audience as it is.
    private func resolved(_ audience: Audience, _ context: CommandContext) async throws -> Audience {
        guard let group = audience.group else { return audience }
        guard let (pluginID, provider) = audienceProviders.first(where: { $0.provider.kind == group.kind }) else {
            throw UserFacingError(context.words("there are no circles here to announce to"))
        }
        return .circle(try await provider.resolve(group.name, context.handingOver(to: pluginID, arguments: [])))
    }

    /// Sends `announcement` now when its time has come, and says what happened.
    func sendIfDue(_ announcement: Announcement, _ context: CommandContext) async throws -> Reply {
        let words = context.words
        if let sendAt = announcement.sendAt, sendAt > context.now {
            return Reply.privately(
                words(
                    "Announcement {number} to {audience} goes out on {time}.",
                    [
                        "number": String(announcement.id), "audience": Self.describe(announcement.audience, words),
                        "time": words(
                            "{date} at {time}",
                            [
                                "date": words.date(context.services.school.localDate(at: sendAt)),
                                "time": words.time(sendAt, at: context.services.school),
                            ]),
                    ]))
        }
        try await announcementFanOut(database: context.storage.database, services: context.services)
            .run(announcement.id)
        let progress = try await AnnouncementBook(database: context.storage.database).progress(of: announcement.id)
        return Reply.privately(
            words.plural(
                "Announcement {number} to {audience}: {count} message is on its way. {status} shows who got it.",
                "Announcement {number} to {audience}: {count} messages are on their way. {status} shows who got it.",
                count: progress?.queued ?? 0,
                [
                    "number": String(announcement.id), "audience": Self.describe(announcement.audience, words),
                    "status": context.typed("announce status \(announcement.id)"),
                ]))
    }

    func approveAnnouncement(_ context: CommandContext) async throws -> Reply {
        let words = context.words
        let announcement = try await announcement(numbered: context)
        guard announcement.state == .awaitingApproval else {
            throw UserFacingError(
                words("announcement {number} is not waiting for approval", ["number": String(announcement.id)]))
        }
        let author = try await IdentityLinks(database: context.storage.database).home(of: announcement.author)
        guard author != context.caller.person else {
            throw UserFacingError(
                words(
                    "you wrote announcement {number}: another person must approve it",
                    ["number": String(announcement.id)]
                ))
        }
        guard
            try await AnnouncementBook(database: context.storage.database).move(
                announcement.id, from: .awaitingApproval, to: .scheduled, approvedBy: context.caller.user,
                audit: context.auditEntry("announce.approve", "announcement \(announcement.id)"))
        else {
            throw UserFacingError(
                words("announcement {number} is not waiting for approval", ["number": String(announcement.id)]))
        }
        return try await sendIfDue(announcement, context)
    }

    /// The announcement whose number is the command's first argument.
    func announcement(numbered context: CommandContext) async throws -> Announcement {
        guard let typed = context.arguments.first, let id = Int64(typed), id > 0 else { throw context.usageError() }
        guard let found = try await AnnouncementBook(database: context.storage.database).announcement(id),
            found.school == nil || found.school == context.services.schoolID
        else {
            throw UserFacingError(context.words("there is no announcement {number}", ["number": typed]))
        }
        return found
    }

    /// `audience` as a reader of `words` says it.
    static func describe(_ audience: Audience, _ words: Words) -> String {
        switch audience {
        case .everyone: words("everyone")
        case .students: words("the students")
        case .staff: words("the staff")
        case .families: words("the families")
        case .grade(let grade): words("grade {grade} and their families", ["grade": grade])
        case .rosterClass(let id): words("class {class} and their families", ["class": id])
        case .channels(let names): words.items(names)
        case .circle(let name): words("the circle {circle}", ["circle": name])
        }
    }
}
