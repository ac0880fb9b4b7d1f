import Foundation
import HomeroomCore
import Logging
import ServiceLifecycle

/// One account's conversation with its homeserver while this instance holds the account's duty:
/// `/sync` long-polled from the stored position, each batch's invitations, departures and messages
/// handled (``MatrixBatchHandler``), the answers sent in order by one writer, and the position
/// stored after each batch.
///
/// The first start (no stored position) skips the rooms' history: its sync asks for no timeline
/// (``SyncFilter/initial``) and nothing in it is answered, though its invitations are handled.
/// Network errors are reported on the status board and waited out, doubling the wait from
/// ``MatrixAccountSettings/firstReconnectSeconds`` up to ``MatrixAccountSettings/maximumReconnectSeconds``;
/// only a refused token ends the session with an error, so that the adapter logs in again.
/// Cancellation (the lease lost) and graceful shutdown end the long poll at once.
package struct MatrixSyncSession: Sendable {
    let account: MatrixAccountSettings
    let credentials: MatrixCredentials
    let client: MatrixClient
    let directRooms: DirectRooms
    let dispatcher: Dispatcher
    let adapterStatus: AdapterStatusBoard
    let clock: any HomeroomClock
    let logger: Logger
    let isFirstAccount: Bool

    /// A session of `account`, logged in as `credentials` through `client`. `isFirstAccount`: the
    /// account is the first configured, whose rooms' channel names are their room ids
    /// (`!abc:server`); the others' are `ACCOUNT/!abc:server`.
    package init(
        account: MatrixAccountSettings, credentials: MatrixCredentials, client: MatrixClient,
        directRooms: DirectRooms, dispatcher: Dispatcher, adapterStatus: AdapterStatusBoard,
        clock: any HomeroomClock, logger: Logger, isFirstAccount: Bool = true
    ) {
        self.account = account
        self.credentials = credentials
        self.client = client
        self.directRooms = directRooms
        self.dispatcher = dispatcher
        self.adapterStatus = adapterStatus
        self.clock = clock
        self.logger = logger
        self.isFirstAccount = isFirstAccount
    }

    /// The status board's name for this account.
    package var statusName: String { "matrix/\(account.name)" }

    /// The key of the stored sync position in the account's ``AdapterState``.
    static let sinceKey = "since"

    /// Syncs and answers while `hold` is held, until cancelled. Network errors: report `.down` with the
    /// reason and the wait, back off (account.firstReconnectSeconds doubling to maximumReconnectSeconds,
    /// reset after a success) and go on. Throws only when the token is refused (`isUnknownToken`), so that
    /// the adapter logs in again.
    package func run(under hold: DutyHold) async throws(MatrixAPIError) {
        let renderer = MatrixAnswerRenderer(replyToCommands: account.replyToCommands)
        let desk = MatrixAnswerDesk(
            queue: MatrixAnswerQueue(
                settings: dispatcher.channelAnswers, renderer: renderer,
                stamp: String(UUID().uuidString.prefix(13))),
            clock: clock)
        let handler = MatrixBatchHandler(session: self, hold: hold, desk: desk, renderer: renderer)
        let refusal: MatrixAPIError? = await withTaskGroup(of: MatrixAPIError?.self) { group in
            group.addTask {
                await write(from: desk, under: hold)
                return nil
            }
            group.addTask { await sync(with: handler, under: hold) }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let refusal { throw refusal }
    }

    /// True while the session should go on.
    private func goesOn(under hold: DutyHold) -> Bool {
        !Task.isCancelled && !Task.isShuttingDownGracefully && hold.isHeld
    }

    /// The sync loop; returns the error when the token was refused, nil when it ends otherwise.
    private func sync(with handler: MatrixBatchHandler, under hold: DutyHold) async -> MatrixAPIError? {
        let state = AdapterState(adapter: "matrix", account: account.name)
        var since: String?
        var loaded = false
        var failures = 0
        var isUp = false
        while goesOn(under: hold) {
            let batch: SyncBatch
            do {
                if !loaded {
                    since = try await state.value(for: Self.sinceKey, in: hold.database)
                    loaded = true
                }
                let (position, timeout) = (since, account.syncTimeoutSeconds)
                batch = try await cancelWhenGracefulShutdown { [client] () async throws -> SyncBatch in
                    try await client.sync(
                        since: position, filter: SyncFilter.forSync(since: position),
                        timeout: .milliseconds(Int64(timeout * 1000)))
                }
            } catch let error as MatrixAPIError {
                if error.isUnknownToken {
                    adapterStatus.report(statusName, .down, detail: "the access token was refused")
                    return error
                }
                guard goesOn(under: hold) else { return nil }
                isUp = false
                guard await waitAfter(error, failures: &failures) else { return nil }
                continue
            } catch {
                guard goesOn(under: hold) else { return nil }
                isUp = false
                guard await waitAfter(error, failures: &failures) else { return nil }
                continue
            }
            failures = 0
            if !isUp {
                isUp = true
                adapterStatus.report(
                    statusName, .up, detail: "syncing with \(account.homeserver.host ?? "?") as \(credentials.userID)")
                logger.info("\(account.name): syncing with \(account.homeserver.host ?? "?") as \(credentials.userID)")
            }
            await handler.handle(batch, answering: since != nil)
            guard goesOn(under: hold) else { return nil }
            do {
                try await state.set(batch.nextBatch, for: Self.sinceKey, at: clock.now, in: hold.database)
            } catch is DutyLost {
                logger.info("\(account.name): another instance took the account over")
                return nil
            } catch {
                logger.warning("\(account.name): the sync position could not be stored: \(error)")
            }
            since = batch.nextBatch
        }
        return nil
    }

    /// Reports `error` and waits: a rate limit as long as the server asked, anything else the
    /// backoff after `failures` failures (counted here). False when the wait was cut short
    /// (cancellation, graceful shutdown).
    private func waitAfter(_ error: any Error, failures: inout Int) async -> Bool {
        let seconds: Double
        if let error = error as? MatrixAPIError, case .rateLimited(let wait) = error.kind {
            seconds = wait.timeInterval
        } else {
            failures = min(failures + 1, 64)
            seconds = backoff(afterFailures: failures)
        }
        let reason = (error as? MatrixAPIError)?.description ?? String(describing: error)
        adapterStatus.report(statusName, .down, detail: "\(reason); reconnecting in \(Int(seconds.rounded(.up))) s")
        logger.warning("\(account.name): \(reason); reconnecting in \(String(format: "%.1f", seconds)) s")
        return await pause(seconds)
    }

    /// The wait after `failures` failures in a row: the first wait doubled each time, at most the longest.
    func backoff(afterFailures failures: Int) -> Double {
        let doublings = Double(max(0, min(failures - 1, 30)))
        return min(account.maximumReconnectSeconds, account.firstReconnectSeconds * pow(2, doublings))
    }

    /// Waits `seconds` on the clock; false when cancelled or shut down meanwhile.
    func pause(_ seconds: Double) async -> Bool {
        let deadline = clock.now.addingTimeInterval(max(0, seconds))
        do {
            try await cancelWhenGracefulShutdown { [clock] in try await clock.sleep(until: deadline) }
        } catch {
            return false
        }
        return !Task.isCancelled && !Task.isShuttingDownGracefully
    }

    /// Sends what the desk has, one message at a time, in order, while `hold` is held.
    private func write(from desk: MatrixAnswerDesk, under hold: DutyHold) async {
        while let outgoing = await desk.next() {
            guard hold.isHeld else { return }
            await send(outgoing, under: hold)
        }
    }

    /// The most times one message is tried when the server keeps saying `429`.
    static let maximumRateLimitedTries = 10

    /// Sends one message: a `429` is waited out and the same message sent again with the same
    /// transaction id; any other failure is logged and the message dropped.
    private func send(_ outgoing: MatrixAnswerQueue.Outgoing, under hold: DutyHold) async {
        for _ in 0..<Self.maximumRateLimitedTries {
            guard hold.isHeld, !Task.isCancelled else { return }
            do {
                _ = try await client.send(outgoing.message, to: outgoing.roomID, transactionID: outgoing.transactionID)
                return
            } catch {
                guard case .rateLimited(let wait) = error.kind else {
                    logger.warning("\(account.name): a message to \(outgoing.roomID) was not sent: \(error)")
                    return
                }
                logger.notice(
                    "\(account.name): rate-limited sending to \(outgoing.roomID); trying again in \(wait)")
                guard await pause(wait.timeInterval) else { return }
            }
        }
        logger.warning("\(account.name): a message to \(outgoing.roomID) was dropped: still rate-limited")
    }
}
