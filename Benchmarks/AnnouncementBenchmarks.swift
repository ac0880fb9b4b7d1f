import Foundation
import HomeroomCore
import HomeroomDiscord
import HomeroomEmail
import HomeroomEngine
import HomeroomGoogleChat
import HomeroomRuntime
import HomeroomSlack
import HomeroomTeams
import HomeroomTelegram
import HomeroomTestbed
import HomeroomTesting
import HomeroomTexts
import HomeroomWebhooks
import HomeroomWhatsApp
import Logging
import Synchronization

/// An urgent alert to 10,000 people spread over every platform Homeroom sends to, the way a
/// district's contacts are: most by text and e-mail, some on each app. Each platform is a loopback
/// server that enforces its published rate for a bot and answers 429 past it: Twilio's short code
/// at 100 segments a second, the WhatsApp Cloud API's 80 messages a second per number, Telegram's
/// 30 a second in all, Slack's workspace-wide limit on chat.postMessage, Discord's 50 requests a
/// second per bot, the Bot Framework's 50 a second per app and tenant, the Chat API's 3000 message
/// writes a minute per project; e-mail goes to a real SMTP server (aiosmtpd) at the 6000 a minute
/// Homeroom is configured for, the most it allows. The least time those rates allow (the slowest
/// platform's share), against the time from `/announce` to the last delivery, the fan-out
/// included; the 429s each platform answered; and how soon each platform had its first message.
/// Then the memory a fan-out to 50,000 people takes, against the process before it.
func benchmarkAnnouncements() async throws {
    var logger = Logger(label: "homeroom.bench")
    logger.logLevel = .error
    let outcome = try await urgentAlert(spread: AlertSpread.district, logger: logger)
    Report.say("An urgent alert to 10,000 people (\(AlertSpread.described(outcome.least))):")
    let least = outcome.least.values.max() ?? 0
    Report.figure(Figure("announce.urgent.seconds", outcome.took, "s", floor: least, goal: .ratioBelow(1.15)))
    Report.figure(Figure("announce.fan-out.seconds", outcome.fanOut, "s"))
    for (platform, _) in AlertSpread.district {
        Report.figure(
            Figure(
                "announce.\(platform).last.seconds", outcome.last[platform] ?? .nan, "s",
                floor: outcome.least[platform] ?? 0))
        Report.figure(
            Figure("announce.\(platform).first.seconds", outcome.first[platform] ?? .nan, "s", goal: .below(1)))
        Report.figure(
            Figure(
                "announce.\(platform).rate-limited", Double(outcome.refused[platform] ?? 0), "answers", goal: .below(2))
        )
    }
    let memory = try await fanOutMemory(people: 50_000, logger: logger)
    Report.say("A fan-out to 50,000 people by text (no delivery), against the process before it:")
    Report.figure(Figure("announce.50k.fan-out.seconds", memory.seconds, "s"))
    Report.figure(Figure("announce.50k.memory-growth", memory.growth, "MB", goal: .below(64)))
}

/// How the alert's 10,000 people are spread.
enum AlertSpread {
    /// Platform → people: most families by text and e-mail, staff on Teams or Google Chat, a few
    /// on each of the rest.
    static let district: [(String, Int)] = [
        ("sms", 4_600), ("email", 3_000), ("whatsapp", 900), ("telegram", 300), ("teams", 500),
        ("googlechat", 300), ("slack", 200), ("discord", 200),
    ]

    /// "4,600 by sms (least 46.0 s), …"
    static func described(_ least: [String: Double]) -> String {
        district.map { platform, people in
            "\(people) by \(platform) (least \(String(format: "%.1f", least[platform] ?? 0)) s)"
        }.joined(separator: ", ")
    }
}

/// What the urgent alert came to, by platform.
private struct AlertOutcome {
    var took = Double.nan
    var fanOut = Double.nan
    var least: [String: Double] = [:]
    var first: [String: Double] = [:]
    var last: [String: Double] = [:]
    var refused: [String: Int] = [:]
}

/// Sends an urgent alert to `spread` (platform, people) through running delivery workers.
private func urgentAlert(spread: [(String, Int)], logger: Logger) async throws -> AlertOutcome {
    try await DiscordAPIServer.with(token: AlertChatApps.discordToken) { discord in
        let chatApps = try await AlertChatApps.start(discord: discord)
        let smtp = try await SMTPServer()
        try await smtp.start()
        let outcome: AlertOutcome
        do {
            outcome = try await urgentAlert(spread: spread, chatApps: chatApps, smtp: smtp, logger: logger)
        } catch {
            await chatApps.stop()
            await smtp.remove()
            throw error
        }
        await chatApps.stop()
        await smtp.remove()
        return outcome
    }
}

/// Sends an urgent alert to `spread` through running delivery workers, the chat apps' servers and
/// the SMTP server already running.
private func urgentAlert(
    spread: [(String, Int)], chatApps: AlertChatApps, smtp: SMTPServer, logger: Logger
) async throws -> AlertOutcome {
    let counts = Dictionary(uniqueKeysWithValues: spread)
    let twilio = try await TwilioAPIServer.start(throughput: .shortCode)
    let whatsapp = try await WhatsAppCloudAPIServer.start(messagesPerSecond: 80)
    // None of the subscribers wrote in the last 24 hours: the alert reaches them as the template.
    whatsapp.approveTemplate("school_notice", language: "en_US")
    let telegram = try await TelegramBotAPIServer.start()
    let database = try await TemporaryDatabase.make(.sqlite)
    guard case .sqlite(let path) = database.location else { return AlertOutcome() }
    var configuration = HomeroomConfiguration()
    configuration.storage.sqlite = path
    configuration.fetch.allowedHosts = [LoopbackHTTPServer.host]
    let runtime = try await BotRuntime.start(configuration: try configuration.resolve(), plugins: [], logger: logger)
    let now = Date()
    let audit = AuditEntry(at: now, actor: AuditEntry.commandLine, action: "benchmark", detail: "")
    // Families by text and by e-mail, mixed through the roster as a district's are (a fan-out in
    // roster order that met every e-mail first would hold the first text back).
    let (texts, emails) = (counts["sms"] ?? 0, counts["email"] ?? 0)
    let families = (0..<(texts + emails)).map { index in
        let texted = index * texts / (texts + emails) != (index + 1) * texts / (texts + emails)
        return RosterPerson(
            sourcedID: String(format: "g-%05d", index), role: .guardian, givenName: "G\(index)", familyName: "F",
            email: texted ? nil : "guardian\(index)@families.example",
            sms: texted ? PhoneNumber(String(format: "+1202555%04d", index)) : nil)
    }
    _ = try await RosterBook(database: runtime.database).apply(
        RosterUpdate(people: .replaced(families)), at: now, audit: audit)
    let subscribers = AnnouncementBook(database: runtime.database)
    for index in 0..<(counts["whatsapp"] ?? 0) {
        let number = UserID(adapter: "whatsapp", id: String(format: "+1303555%04d", index))
        _ = try await subscribers.subscribe(
            adapter: "whatsapp", target: .user(number), school: nil, at: now, audit: audit)
    }
    for index in 0..<(counts["telegram"] ?? 0) {
        let id = Int64(700_000_000 + index)
        telegram.addPerson(id)
        _ = try await subscribers.subscribe(
            adapter: "telegram", target: .user(TelegramPlatform.user(id)), school: nil, at: now, audit: audit)
    }
    try await chatApps.seed(counts, into: runtime.database, at: now, audit: audit)

    var settings = WebhookSettings(platforms: [
        TextsPlatform.self, WhatsAppPlatform.self, TelegramPlatform.self, EmailPlatform.self, SlackPlatform.self,
        DiscordPlatform.self, TeamsPlatform.self, GoogleChatPlatform.self,
    ])
    settings.sms.twilio = TwilioSettings(
        accountSID: TwilioAPIServer.accountSID, authToken: TwilioAPIServer.authToken, from: "+15550100000",
        publicURL: URL(string: "https://homeroom.school.example")!, apiURL: twilio.apiBaseURL)
    settings.sms.segmentsPerSecond = 100
    settings.whatsapp = WhatsAppSettings(
        account: WhatsAppAccount(
            phoneNumberID: WhatsAppCloudAPIServer.phoneNumberID, accessToken: WhatsAppCloudAPIServer.accessToken,
            appSecret: WhatsAppCloudAPIServer.appSecret, verifyToken: "bench-verify-token", apiURL: whatsapp.apiURL,
            notificationTemplate: WhatsAppTemplate(name: "school_notice", language: "en_US"), messagesPerSecond: 80))
    settings.telegram.botToken = TelegramBotAPIServer.token
    settings.telegram.apiURL = telegram.apiBaseURL
    let emailsPerMinute = 6_000
    guard
        let delivery = EmailDelivery(
            smtpURL: try smtp.url, username: SMTPServer.username, password: SMTPServer.password,
            from: "office@district.example", caFile: smtp.certificate.path,
            publicURL: URL(string: "https://homeroom.school.example")!,
            unsubscribeSecret: "bench-unsubscribe-secret-0123456789")
    else { fatalError("the benchmark's e-mail sender is not an address") }
    settings.email = EmailSettings(delivery: delivery, messagesPerMinute: emailsPerMinute)
    try chatApps.configure(&settings)
    let dependencies = WebhookServer.Dependencies(
        dispatcher: runtime.dispatcher, database: runtime.database, outbox: runtime.outbox, clock: runtime.clock,
        fetcher: runtime.fetcher, adapterStatus: runtime.adapterStatus, roster: runtime.roster, metrics: nil,
        logger: logger)
    // The e-mail folder holds mail-NNNN.eml and .json for each message the server took.
    let mailFolder = smtp.certificate.deletingLastPathComponent().path
    let platforms: [AlertPlatform] =
        [
            TextsPlatform.sender(settings, dependencies: dependencies).map { sender in
                AlertPlatform(
                    name: "sms", people: counts["sms"] ?? 0, limits: [SendRate(1, per: 0.01, .all)], sender: sender,
                    arrivals: { _ = try await twilio.messages(count: $0, within: .seconds(300)) },
                    refused: { twilio.rateLimitedAnswers(for: "+15550100000") })
            },
            WhatsAppPlatform.sender(settings, dependencies: dependencies).map { sender in
                AlertPlatform(
                    name: "whatsapp", people: counts["whatsapp"] ?? 0, limits: [SendRate(1, per: 1 / 80, .all)],
                    sender: sender, arrivals: { _ = try await whatsapp.messages(count: $0, within: .seconds(300)) },
                    refused: { whatsapp.rejections(code: 130429).count })
            },
            TelegramPlatform.sender(settings, dependencies: dependencies).map { sender in
                AlertPlatform(
                    name: "telegram", people: counts["telegram"] ?? 0, limits: [SendRate(1, per: 1 / 30, .all)],
                    sender: sender, arrivals: { _ = try await telegram.messages(count: $0, within: .seconds(300)) },
                    refused: { telegram.refusals.filter { $0.code == 429 }.count })
            },
            EmailPlatform.sender(settings, dependencies: dependencies).map { sender in
                AlertPlatform(
                    name: "email", people: counts["email"] ?? 0,
                    limits: [SendRate(1, per: 60 / Double(emailsPerMinute), .all)], sender: sender,
                    arrivals: { count in
                        try await AlertPlatform.poll("e-mails", count) {
                            try FileManager.default.contentsOfDirectory(atPath: mailFolder).count {
                                $0.hasSuffix(".eml")
                            }
                        }
                    },
                    // The SMTP server refuses nothing for speed: Homeroom's own pace is the limit.
                    refused: { 0 })
            },
        ].compactMap { $0 } + chatApps.platforms(counts, settings: settings, dependencies: dependencies)
    let workers = platforms.map { platform in
        Task { await OutboxDeliveryWorker(outbox: runtime.outbox, sender: platform.sender, logger: logger).run() }
    }
    // The workers look at the table once and sleep; the alert's first batch wakes them.
    try await Task.sleep(for: .milliseconds(200))

    let announcement = try await subscribers.add(
        {
            var draft = AnnouncementBook.Draft(
                school: nil, author: AuditEntry.commandLine, text: "Lockdown: stay in your rooms.", audience: .everyone)
            draft.isUrgent = true
            return draft
        }(), state: .scheduled, at: Date(), audit: audit)
    let fanOut = AnnouncementFanOut(
        database: runtime.database, rules: AnnouncementRules(), district: runtime.schools.district,
        clock: runtime.clock, claimer: "bench", logger: logger, bell: runtime.outbox.bell)
    var outcome = AlertOutcome()
    let start = nanoseconds()
    func seconds() -> Double { Double(nanoseconds() - start) / 1e9 }
    async let arrivals: [String: (first: Double, last: Double)] = withThrowingTaskGroup(
        of: (String, Double, Double).self
    ) { group in
        for platform in platforms {
            group.addTask {
                try await platform.arrivals(1)
                let first = seconds()
                try await platform.arrivals(platform.people)
                return (platform.name, first, seconds())
            }
        }
        var times: [String: (first: Double, last: Double)] = [:]
        for try await (platform, first, last) in group { times[platform] = (first, last) }
        return times
    }
    try await fanOut.run(announcement.id)
    outcome.fanOut = seconds()
    let times = try await arrivals
    outcome.took = times.values.map(\.last).max() ?? .nan
    outcome.first = times.mapValues(\.first)
    outcome.last = times.mapValues(\.last)
    for platform in platforms {
        outcome.least[platform.name] = platform.leastSeconds
        outcome.refused[platform.name] = platform.refused()
    }
    for worker in workers { worker.cancel() }
    for worker in workers { await worker.value }
    await runtime.close()
    try await database.destroy()
    await twilio.stop()
    await whatsapp.stop()
    await telegram.stop()
    return outcome
}

/// The time a fan-out to `people` roster people takes, and how much the process's anonymous
/// memory grew at its peak over what it was before, sampled every 10 ms.
private func fanOutMemory(people: Int, logger: Logger) async throws -> (seconds: Double, growth: Double) {
    let database = try await TemporaryDatabase.make(.sqlite)
    guard case .sqlite(let path) = database.location else { return (.nan, .nan) }
    var configuration = HomeroomConfiguration()
    configuration.storage.sqlite = path
    let runtime = try await BotRuntime.start(configuration: try configuration.resolve(), plugins: [], logger: logger)
    let now = Date()
    let audit = AuditEntry(at: now, actor: AuditEntry.commandLine, action: "benchmark", detail: "")
    let families = (0..<people).map { index in
        RosterPerson(
            sourcedID: String(format: "g-%06d", index), role: .guardian, givenName: "G", familyName: "F",
            sms: PhoneNumber(String(format: "+1%03d555%04d", 202 + index / 10_000, index % 10_000)))
    }
    _ = try await RosterBook(database: runtime.database).apply(
        RosterUpdate(people: .replaced(families)), at: now, audit: audit)
    let book = AnnouncementBook(database: runtime.database)
    let announcement = try await book.add(
        AnnouncementBook.Draft(school: nil, author: AuditEntry.commandLine, text: "Snow day.", audience: .families),
        state: .scheduled, at: now, audit: audit)
    let before = anonymousMegabytes()
    let peak = Peak(before)
    let sampling = Task {
        while !Task.isCancelled {
            peak.see(anonymousMegabytes())
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
    let start = nanoseconds()
    try await AnnouncementFanOut(
        database: runtime.database, rules: AnnouncementRules(quietHours: nil), district: runtime.schools.district,
        clock: runtime.clock, claimer: "bench", logger: logger
    ).run(announcement.id)
    let seconds = Double(nanoseconds() - start) / 1e9
    sampling.cancel()
    peak.see(anonymousMegabytes())
    await runtime.close()
    try await database.destroy()
    return (seconds, peak.value - before)
}

/// The largest of the values seen.
private final class Peak: Sendable {
    private let largest: Mutex<Double>
    init(_ first: Double) { largest = Mutex(first) }
    func see(_ value: Double) { largest.withLock { $0 = max($0, value) } }
    var value: Double { largest.withLock { $0 } }
}

/// This process's anonymous memory (`RssAnon`), in MB.
private func anonymousMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").first { $0.hasPrefix("RssAnon:") }
        .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }.map { $0 / 1024 } ?? .nan
}
