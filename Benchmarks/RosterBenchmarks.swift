import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomTestbed
import HomeroomTesting
import HomeroomTexts
import HomeroomWebhooks
import Logging
import OneRoster

/// The sample district (2 schools, 1,000 students, 1,500 guardians, 48 classes, 4,000
/// enrollments) imported into a new SQLite database, release build, 5 runs: the import against
/// the floor of reading the same files; then a notice to grade 9's families texted to a loopback
/// Twilio that meters the number at a short code's published 100 segments a second, against the
/// least time that rate allows.
func benchmarkRoster() async throws {
    let files = OneRosterSampleDistrict().files()
    var logger = Logger(label: "homeroom.bench")
    logger.logLevel = .error
    var reading: [Double] = []
    var importing: [Double] = []
    for _ in 0..<5 {
        var start = nanoseconds()
        _ = try RosterExport.read(files: files)
        reading.append(Double(nanoseconds() - start) / 1e9)
        let database = try await TemporaryDatabase.make(.sqlite)
        guard case .sqlite(let path) = database.location else { return }
        var configuration = HomeroomConfiguration()
        configuration.storage.sqlite = path
        let runtime = try await BotRuntime.start(
            configuration: try configuration.resolve(), plugins: [], logger: logger)
        start = nanoseconds()
        _ = try await RosterImport.run(
            try RosterExport.read(files: files), on: runtime, actor: AuditEntry.commandLine)
        importing.append(Double(nanoseconds() - start) / 1e9)
        await runtime.close()
        try await database.destroy()
    }
    Report.say("OneRoster sample district (1,000 students, 1,500 guardians; 5 runs; floor: reading the files):")
    Report.figure(Figure("roster.import.seconds", median(importing), "s", floor: median(reading), goal: .below(10)))

    let (least, took, refused) = try await textFamilyNotice(files: files, logger: logger)
    Report.say("A notice to grade 9's families by text, at a short code's 100 segments a second:")
    Report.figure(Figure("roster.notice.seconds", took, "s", floor: least, goal: .ratioBelow(1.15)))
    Report.figure(Figure("roster.notice.rate-limited", Double(refused), "answers", goal: .below(1)))
}

/// Imports `files`, queues a notice to grade 9's families and texts it: the least time the rate
/// allows, the time it took, and how many sends Twilio refused for speed.
private func textFamilyNotice(files: [String: [UInt8]], logger: Logger) async throws -> (Double, Double, Int) {
    let twilio = try await TwilioAPIServer.start(throughput: .shortCode)
    let database = try await TemporaryDatabase.make(.sqlite)
    guard case .sqlite(let path) = database.location else { return (.nan, .nan, 0) }
    var configuration = HomeroomConfiguration()
    configuration.storage.sqlite = path
    configuration.fetch.allowedHosts = [LoopbackHTTPServer.host]
    let runtime = try await BotRuntime.start(configuration: try configuration.resolve(), plugins: [], logger: logger)
    _ = try await RosterImport.run(try RosterExport.read(files: files), on: runtime, actor: AuditEntry.commandLine)
    let now = Date()
    _ = try await RosterBook(database: runtime.database).queueNotice(
        ["Grade 9 families: school starts at 10:00 tomorrow."], toFamiliesOfGrade: "09", at: nil, key: "bench",
        outbox: runtime.outbox, now: now,
        audit: AuditEntry(at: now, actor: AuditEntry.commandLine, action: "notice", detail: "benchmark"))
    let texts = try await runtime.outbox.pendingCount(for: "sms")
    var settings = WebhookSettings(platforms: [TextsPlatform.self])
    settings.sms.twilio = TwilioSettings(
        accountSID: TwilioAPIServer.accountSID, authToken: TwilioAPIServer.authToken, from: "+15550100000",
        publicURL: URL(string: "https://homeroom.school.example")!, apiURL: twilio.apiBaseURL)
    settings.sms.segmentsPerSecond = 100
    let dependencies = WebhookServer.Dependencies(
        dispatcher: runtime.dispatcher, database: runtime.database, outbox: runtime.outbox, clock: runtime.clock,
        fetcher: runtime.fetcher, adapterStatus: runtime.adapterStatus, roster: runtime.roster, metrics: nil,
        logger: logger)
    guard let sender = TextsPlatform.sender(settings, dependencies: dependencies) else { return (.nan, .nan, 0) }
    let worker = OutboxDeliveryWorker(outbox: runtime.outbox, sender: sender, logger: logger)
    let start = nanoseconds()
    while try await runtime.outbox.pendingCount(for: "sms") > 0 { try await worker.deliverDue() }
    let took = Double(nanoseconds() - start) / 1e9
    let refused = twilio.rateLimitedAnswers(for: "+15550100000")
    await runtime.close()
    try await database.destroy()
    await twilio.stop()
    // One segment each: the first goes at once, each other one 1/100 s after the one before.
    return (Double(max(0, texts - 1)) / 100, took, refused)
}
