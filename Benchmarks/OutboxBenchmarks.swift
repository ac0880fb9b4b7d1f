import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomMattermost
import HomeroomRuntime
import HomeroomTesting
import HomeroomWebhooks
import Logging
import Synchronization

/// The outbox delivering to a loopback incoming-webhook receiver (Mattermost's shape, with the
/// `Idempotency-Key` header), release build: 1,000 queued notifications, and scheduled ones
/// against their due time. Goals: 1,000 in under 2 s; scheduled ones within 1 s of their time.
func benchmarkOutbox() async throws {
    let receiver = try await LoopbackHTTPServer.start()
    receiver.serve("/hooks/town", .init(status: 200, body: Array("ok".utf8)))
    let database = try await TemporaryDatabase.make(.sqlite)
    guard case .sqlite(let path) = database.location else { return }
    var configuration = HomeroomConfiguration()
    configuration.storage.sqlite = path
    configuration.fetch.allowedHosts = [LoopbackHTTPServer.host]
    var logger = Logger(label: "homeroom.bench")
    logger.logLevel = .error
    let runtime = try await BotRuntime.start(configuration: try configuration.resolve(), plugins: [], logger: logger)
    let sender = TimedSender(
        IncomingWebhookSender(
            platform: MattermostPlatform.self, urls: ["*": receiver.url("/hooks/town")], fetcher: runtime.fetcher,
            timeout: .seconds(5)))
    let worker = OutboxDeliveryWorker(outbox: runtime.outbox, sender: sender, logger: logger)
    // The reference in the same run: deliveries recorded 8 at a time (up to 9 repeats after a crash, against 2).
    let eightAtATime = OutboxDeliveryWorker(outbox: runtime.outbox, sender: sender, logger: logger, recordEvery: 8)

    func deliverThousand(_ worker: OutboxDeliveryWorker, round: String) async throws -> Double {
        try await runtime.database.write { db in
            for index in 0..<1_000 {
                try await Outbox.enqueue(
                    adapter: "mattermost", target: .channel("town-square"),
                    lines: ["notice \(index) of round \(round)"],
                    idempotencyKey: "bench-\(round)-\(index)", due: Date(), into: db)
            }
        }
        let start = nanoseconds()
        while try await runtime.outbox.pendingCount() > 0 { try await worker.deliverDue() }
        return Double(nanoseconds() - start) / 1e9
    }
    var seconds: [Double] = []
    var reference: [Double] = []
    for round in 0..<5 {
        seconds.append(try await deliverThousand(worker, round: "\(round)"))
        reference.append(try await deliverThousand(eightAtATime, round: "reference-\(round)"))
    }

    // Scheduled: 300 notifications due on the next three whole seconds, the worker running on the real clock.
    let first = (Date().timeIntervalSince1970 + 2).rounded(.down)
    try await runtime.database.write { db in
        for index in 0..<300 {
            try await Outbox.enqueue(
                adapter: "mattermost", target: .channel("town-square"), lines: ["scheduled \(index)"],
                idempotencyKey: "scheduled-\(index)", due: Date(timeIntervalSince1970: first + Double(index % 3)),
                into: db)
        }
    }
    sender.startTiming()
    let running = Task { await worker.run() }
    while try await runtime.outbox.pendingCount() > 0 { try await Task.sleep(for: .milliseconds(20)) }
    running.cancel()
    _ = await running.value
    let delays = sender.delays(due: { key in first + Double(Int(key.split(separator: "-").last!)! % 3) }).sorted()
    await runtime.close()
    try await database.destroy()
    await receiver.stop()

    Report.say("Outbox to a loopback incoming webhook (1,000 queued, 5 rounds; reference: deliveries recorded 8 at a time):")
    Report.figure(
        Figure("outbox.thousand.seconds", median(seconds), "s", floor: median(reference), goal: .below(2)))
    Report.figure(Figure("outbox.scheduled.delay.p50", percentile(delays, 0.5) * 1000, "ms"))
    Report.figure(Figure("outbox.scheduled.delay.p99", percentile(delays, 0.99) * 1000, "ms"))
    Report.figure(Figure("outbox.scheduled.delay.max", (delays.last ?? .infinity) * 1000, "ms", goal: .below(1000)))
}

/// Passes messages to a sender and notes when each scheduled one was delivered.
final class TimedSender: MessageSender {
    let wrapped: any MessageSender
    private let deliveries = Mutex<(timing: Bool, at: [String: Double])>((false, [:]))

    init(_ wrapped: any MessageSender) { self.wrapped = wrapped }

    var adapter: String { wrapped.adapter }

    func startTiming() { deliveries.withLock { $0.timing = true } }

    func send(_ message: OutboxMessage) async throws {
        try await wrapped.send(message)
        let now = Date().timeIntervalSince1970
        deliveries.withLock { if $0.timing { $0.at[message.idempotencyKey] = now } }
    }

    /// Seconds from each timed message's due time (`due(key)`) to its delivery.
    func delays(due: (String) -> Double) -> [Double] {
        deliveries.withLock { $0.at.map { $0.value - due($0.key) } }
    }
}
