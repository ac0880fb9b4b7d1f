import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTelegram
import HomeroomTestbed
import HomeroomTesting
import HomeroomTexts
import HomeroomWebhooks
import HomeroomWhatsApp
import Logging
import Synchronization

/// An urgent alert to 10,000 people spread over text messages, WhatsApp and Telegram, each
/// platform a loopback server that enforces its published rate for a bot and answers 429 past it:
/// Twilio's short code at 100 segments a second, the WhatsApp Cloud API's 80 messages a second per
/// number, Telegram's 30 messages a second in all. The least time those rates allow (the slowest
/// platform's share) against the time from `/announce` to the last delivery, the fan-out included;
/// the 429s each platform answered; and how soon each platform had its first message. Then the
/// memory a fan-out to 50,000 people takes, against the process before it.
func benchmarkAnnouncements() async throws {
    var logger = Logger(label: "homeroom.bench")
    logger.logLevel = .error
    let spread = [("sms", 6_400, 100.0), ("whatsapp", 2_400, 80.0), ("telegram", 1_200, 30.0)]
    let outcome = try await urgentAlert(spread: spread, logger: logger)
    let least = spread.map { Double($0.1 - 1) / $0.2 }.max() ?? 0
    Report.say(
        "An urgent alert to 10,000 people (6,400 by text at 100/s, 2,400 on WhatsApp at 80/s, 1,200 on Telegram at 30/s):"
    )
    Report.figure(Figure("announce.urgent.seconds", outcome.took, "s", floor: least, goal: .ratioBelow(1.15)))
    Report.figure(Figure("announce.fan-out.seconds", outcome.fanOut, "s"))
    for (platform, _, _) in spread {
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

/// What the urgent alert came to.
private struct AlertOutcome {
    var took = Double.nan
    var fanOut = Double.nan
    var first: [String: Double] = [:]
    var refused: [String: Int] = [:]
}

/// Sends an urgent alert to `spread` (platform, people, rate) through running delivery workers.
private func urgentAlert(spread: [(String, Int, Double)], logger: Logger) async throws -> AlertOutcome {
    let counts = Dictionary(uniqueKeysWithValues: spread.map { ($0.0, $0.1) })
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
    let families = (0..<(counts["sms"] ?? 0)).map { index in
        RosterPerson(
            sourcedID: String(format: "g-%05d", index), role: .guardian, givenName: "G\(index)", familyName: "F",
            sms: PhoneNumber(String(format: "+1202555%04d", index)))
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

    var settings = WebhookSettings(platforms: [TextsPlatform.self, WhatsAppPlatform.self, TelegramPlatform.self])
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
    let dependencies = WebhookServer.Dependencies(
        dispatcher: runtime.dispatcher, database: runtime.database, outbox: runtime.outbox, clock: runtime.clock,
        fetcher: runtime.fetcher, adapterStatus: runtime.adapterStatus, roster: runtime.roster, metrics: nil,
        logger: logger)
    let senders = [
        TextsPlatform.sender(settings, dependencies: dependencies),
        WhatsAppPlatform.sender(settings, dependencies: dependencies),
        TelegramPlatform.sender(settings, dependencies: dependencies),
    ].compactMap { $0 }
    let workers = senders.map { sender in
        Task { await OutboxDeliveryWorker(outbox: runtime.outbox, sender: sender, logger: logger).run() }
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
        group.addTask {
            _ = try await twilio.messages(count: 1, within: .seconds(300))
            let first = seconds()
            _ = try await twilio.messages(count: counts["sms"] ?? 0, within: .seconds(300))
            return ("sms", first, seconds())
        }
        group.addTask {
            _ = try await whatsapp.messages(count: 1, within: .seconds(300))
            let first = seconds()
            _ = try await whatsapp.messages(count: counts["whatsapp"] ?? 0, within: .seconds(300))
            return ("whatsapp", first, seconds())
        }
        group.addTask {
            _ = try await telegram.messages(count: 1, within: .seconds(300))
            let first = seconds()
            _ = try await telegram.messages(count: counts["telegram"] ?? 0, within: .seconds(300))
            return ("telegram", first, seconds())
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
    outcome.refused = [
        "sms": twilio.rateLimitedAnswers(for: "+15550100000"),
        "whatsapp": whatsapp.rejections(code: 130429).count,
        "telegram": telegram.refusals.filter { $0.code == 429 }.count,
    ]
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
