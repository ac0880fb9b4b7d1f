import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Logging
import ServiceLifecycle

/// Telegram's long polling (https://core.telegram.org/bots/api#getupdates): the bot asks for the
/// updates after the last it handled, and Telegram holds the request up to ``pollSeconds`` until
/// one comes, so a school behind NAT needs no public address.
///
/// Polling is the duty `telegram:polling`, kept up by a ``ConnectionSupervisor``: with several
/// instances on one PostgreSQL database only the holder polls (Telegram answers two pollers 409).
/// Each batch is answered (``TelegramUpdateHandler``), then the next offset (the last update's
/// number plus one) is stored in the adapter state of `telegram`, account the bot's number, key
/// `offset`, through the hold's fenced database: a restart, or another instance taking over,
/// continues after the last batch handled, and an instance whose lease passed on cannot move it.
/// The offset confirms the batch to Telegram on the next call. A failed call ends the attempt; the
/// supervisor tries again after 1 s doubling to 60 s, or after the `retry_after` Telegram named.
/// The status board shows it as `telegram/polling`.
package struct TelegramPolling: Service {
    let handler: TelegramUpdateHandler
    let deferred: TaskQueue
    let roster: any DutyRoster
    let status: AdapterStatusBoard
    let clock: any HomeroomClock
    let logger: Logger

    /// The status board's name for the polling.
    package static let statusName = "telegram/polling"
    /// The duty of polling.
    package static let duty = Duty.connection("telegram", "polling")
    /// How long Telegram may hold one `getUpdates`.
    static let pollSeconds = 25
    /// The key of the stored offset.
    static let offsetKey = "offset"

    /// The waits between attempts: 1 s doubling to 60 s while they fail (each drawn between half
    /// and all of it by `jitter`).
    static func backoff(jitter: @escaping Backoff.Jitter = { Double.random(in: 0...1) }) -> Backoff {
        Backoff(first: 1, maximum: 60, jitter: jitter)
    }

    /// The polling `settings` ask for, its waits and pacing on `clock` (the server's unless
    /// given); nil unless Telegram is on in polling mode.
    package init?(
        settings: WebhookSettings, dependencies: WebhookServer.Dependencies, clock: (any HomeroomClock)? = nil
    ) {
        guard settings.telegram.mode == .polling else { return nil }
        var logger = dependencies.logger
        logger[metadataKey: "adapter"] = "telegram"
        let clock = clock ?? dependencies.clock
        let deferred = TaskQueue()
        let gateway = CommandGateway(
            dispatcher: dependencies.dispatcher, clock: dependencies.clock, deferred: deferred,
            poster: WebhookPoster(fetcher: dependencies.fetcher, timeout: settings.deliveryTimeout),
            acknowledgeAfter: settings.acknowledgeAfter, timestampTolerance: settings.timestampToleranceSeconds,
            logger: logger)
        guard
            let handler = TelegramUpdateHandler(
                settings: settings.telegram, gateway: gateway, dependencies: dependencies,
                pacer: TelegramPacer(clock: clock))
        else { return nil }
        self.handler = handler
        self.deferred = deferred
        roster = dependencies.roster
        status = dependencies.adapterStatus
        self.clock = clock
        self.logger = logger
    }

    /// Polls while this instance holds the duty, until graceful shutdown.
    package func run() async throws {
        let supervisor = ConnectionSupervisor(
            duty: Self.duty, statusName: Self.statusName, startingDetail: "asking Telegram for updates",
            stableAfter: 30, shutdownGrace: 0, backoff: Self.backoff(), roster: roster, status: status, clock: clock,
            logger: logger, logPrefix: "Telegram: ")
        await withDiscardingTaskGroup { work in
            work.addTask { await deferred.run() }
            await supervisor.run { attempt in await poll(attempt) }
            deferred.finish()
        }
        status.report(Self.statusName, .down, detail: "stopped", at: clock.now)
    }

    /// Polls and answers under `attempt`'s hold until a call fails or the hold ends.
    private func poll(_ attempt: ConnectionAttempt) async -> ConnectionEnd {
        let state = AdapterState(adapter: TelegramPlatform.platform.rawValue, account: handler.botID)
        let database = attempt.hold.database
        var offset: Int64?
        do {
            offset = try await state.value(for: Self.offsetKey, in: database).flatMap { Int64($0) }
        } catch {
            return .ended(reason: "the stored offset could not be read: \(error)")
        }
        var isUp = false
        while attempt.hold.isHeld, !Task.isCancelled, !Task.isShuttingDownGracefully {
            let batch: TelegramUpdateBatch
            do {
                batch = try await cancelWhenGracefulShutdown { [handler, offset] in
                    try await handler.api.updates(from: offset, timeout: Self.pollSeconds)
                }
            } catch let error as TelegramAPIError {
                return .ended(reason: error.description, wait: error.retryAfter.map(Double.init))
            } catch {
                return .ended(reason: "stopped")
            }
            if !isUp {
                isUp = true
                attempt.cameUp()
                status.report(Self.statusName, .up, detail: "long polling Telegram for updates", at: clock.now)
            }
            guard let last = batch.lastUpdateID else { continue }
            if let failure = await answer(batch) { return .ended(reason: failure) }
            guard attempt.hold.isHeld else { return .ended(reason: "another instance took the polling over") }
            let (next, overflow) = last.addingReportingOverflow(1)
            guard !overflow else { return .ended(reason: "Telegram sent an update number out of range") }
            offset = next
            do {
                try await state.set(String(next), for: Self.offsetKey, at: clock.now, in: database)
            } catch is DutyLost {
                return .ended(reason: "another instance took the polling over")
            } catch {
                // Kept in memory: this session goes on; a restart answers the batch's updates again
                // unless the database remembers them.
                logger.warning("Telegram: the offset could not be stored: \(error)")
            }
        }
        return .ended(reason: "stopped")
    }

    /// Answers the updates of `batch`, side by side; what went wrong when one could not be checked
    /// against those handled (the batch then comes again), else nil.
    private func answer(_ batch: TelegramUpdateBatch) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            for update in batch.updates {
                group.addTask { [handler] in
                    do {
                        try await handler.handle(update)
                        return nil
                    } catch {
                        return "an update could not be checked against those handled: \(error)"
                    }
                }
            }
            var failure: String?
            for await result in group where failure == nil { failure = result }
            return failure
        }
    }
}
