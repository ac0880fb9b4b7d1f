import Foundation
import HomeroomCore
import HomeroomEngine
import Logging
import ServiceLifecycle

/// One account's conversation with its homeserver while this instance holds the account's duty:
/// `/sync` long-polled from the stored position, each batch's invitations, departures and messages
/// handled (``MatrixBatchHandler``), the answers kept and sent in order by one writer, and the
/// position stored once each command of the batch was handled and its answer kept
/// (``MatrixAnswerStore`` tells the order, and why no answer is lost nor command run twice).
///
/// A clean stop (graceful shutdown) ends the long poll, begins no more commands, and sends what
/// waits, for at most ``MatrixAnswerStore/drainSeconds``; what is left, and what a crash leaves,
/// the next session sends first. A batch larger than the bot reads is asked for again with
/// fewer events a room, then skipped ahead with a log line saying how much went unread.
///
/// The first start (no stored position) skips the rooms' history: its sync asks for no timeline
/// (``SyncFilter/initial``) and nothing in it is answered, though its invitations are handled.
/// Network errors are reported on the status board and waited out with the account's backoff
/// (``MatrixAdapter/backoff(_:)``: from ``MatrixAccountSettings/firstReconnectSeconds`` doubling up to
/// ``MatrixAccountSettings/maximumReconnectSeconds``, jittered);
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
        let rooms = MatrixRoomBook()
        let desk = MatrixDesk(
            budget: UnmeteredBudget(), channelAnswers: dispatcher.channelAnswers,
            platform: MatrixConversationPlatform(renderer: renderer, rooms: rooms), clock: clock)
        let store = MatrixAnswerStore(account: account.name, database: hold.database, clock: clock)
        guard await resume(from: store, into: desk, rooms: rooms, renderer: renderer) else { return }
        let handler = MatrixBatchHandler(
            session: self, hold: hold, desk: desk, renderer: renderer, store: store, rooms: rooms)
        let refusal: MatrixAPIError? = await withTaskGroup(of: MatrixAPIError?.self) { group in
            group.addTask {
                await write(from: desk, store: store, under: hold)
                return nil
            }
            group.addTask {
                let refusal = await sync(with: handler, store: store, under: hold)
                if refusal == nil, Task.isShuttingDownGracefully, !Task.isCancelled {
                    // A clean stop: the writer sends what waits, for a while.
                    await desk.close()
                    try? await clock.sleep(until: clock.now.addingTimeInterval(MatrixAnswerStore.drainSeconds))
                }
                return refusal
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let refusal { throw refusal }
    }

    /// Reads what the last session of the account left unsent into `desk` (``MatrixAnswerStore``,
    /// steps 7 to 9): the messages being sent go first, as they are; the answers kept are handed to
    /// the desk again, their askers named in `rooms` as they were when they asked. False when the
    /// database could not be read, and the session ends.
    private func resume(
        from store: MatrixAnswerStore, into desk: MatrixDesk, rooms: MatrixRoomBook, renderer: MatrixAnswerRenderer
    ) async -> Bool {
        do {
            let (unsent, interrupted, unreadable) = try await store.resume(renderer: renderer)
            if interrupted > 0 {
                logger.warning(
                    "\(account.name): \(interrupted) commands were cut in the middle by the last stop; askers are told")
            }
            if unreadable > 0 {
                logger.warning("\(account.name): \(unreadable) kept answers could not be read and were dropped")
            }
            for outgoing in unsent.sending { await desk.send([outgoing], lane: .control, target: outgoing.roomID) }
            var dropped = 0
            for (key, pending) in unsent.pending {
                rooms.setDisplayName(pending.asker.name, of: pending.asker.userID, in: pending.roomID)
                guard let ticket = await desk.reserveAnswer(to: pending.roomID) else {
                    dropped += 1
                    try await store.remove([key])
                    continue
                }
                let rendered = pending.answer.rendered(
                    in: pending.roomID, to: pending.asker, receipt: key,
                    language: pending.language.flatMap { Language(code: $0) })
                let settled = await desk.finish(ticket, with: rendered)
                if !settled.isEmpty { try await store.remove(settled) }
            }
            let resumed = unsent.sending.count + unsent.pending.count - dropped
            if resumed > 0 { logger.info("\(account.name): sending \(resumed) answers kept from the last session") }
            return true
        } catch {
            adapterStatus.report(statusName, .down, detail: "the answers kept could not be read: \(error)")
            logger.warning("\(account.name): the answers kept from the last session could not be read: \(error)")
            return false
        }
    }

    /// True while the session should go on.
    private func goesOn(under hold: DutyHold) -> Bool {
        !Task.isCancelled && !Task.isShuttingDownGracefully && hold.isHeld
    }

    /// The sync loop; returns the error when the token was refused, nil when it ends otherwise.
    private func sync(with handler: MatrixBatchHandler, store: MatrixAnswerStore, under hold: DutyHold) async
        -> MatrixAPIError?
    {
        let state = AdapterState(adapter: "matrix", account: account.name)
        var since: String?
        var loaded = false
        var backoff = MatrixAdapter.backoff(account)
        var isUp = false
        // How far the timeline limit was shrunk for a batch too large to read: 0 not at all, one
        // step per limit in SyncFilter.shrinkingTimelineLimits, then skipping ahead.
        var shrunk = 0
        while goesOn(under: hold) {
            let batch: SyncBatch
            var filter = SyncFilter.incremental
            do {
                if !loaded {
                    since = try await state.value(for: Self.sinceKey, in: hold.database)
                    loaded = true
                }
                filter = Self.filter(since: since, shrunk: shrunk)
                // A sync asked again after an answer too large does not wait for news.
                let (position, asked, timeout) = (since, filter, shrunk > 0 ? 0 : account.syncTimeoutSeconds)
                batch = try await cancelWhenGracefulShutdown { [client] () async throws -> SyncBatch in
                    try await client.sync(
                        since: position, filter: asked, timeout: .milliseconds(Int64(timeout * 1000)))
                }
            } catch let error as MatrixAPIError {
                if error.isUnknownToken {
                    adapterStatus.report(statusName, .down, detail: "the access token was refused")
                    return error
                }
                guard goesOn(under: hold) else { return nil }
                if error.kind == .tooLarge, filter != SyncFilter.skippingAhead {
                    shrunk += 1
                    let next = Self.filter(since: since, shrunk: shrunk)
                    let fewer =
                        next == SyncFilter.skippingAhead
                        ? "no events, to skip ahead"
                        : "at most \(SyncFilter.shrinkingTimelineLimits[shrunk - 1]) events a room"
                    logger.warning("\(account.name): \(error); asking again with \(fewer)")
                    continue
                }
                shrunk = 0
                isUp = false
                guard await waitAfter(error, backoff: &backoff) else { return nil }
                continue
            } catch {
                guard goesOn(under: hold) else { return nil }
                isUp = false
                guard await waitAfter(error, backoff: &backoff) else { return nil }
                continue
            }
            backoff.sessionWasStable()
            if !isUp {
                isUp = true
                adapterStatus.report(
                    statusName, .up, detail: "syncing with \(account.homeserver.host ?? "?") as \(credentials.userID)")
                logger.info("\(account.name): syncing with \(account.homeserver.host ?? "?") as \(credentials.userID)")
            }
            if shrunk > 0 { logSkipped(batch, from: since, skippedAhead: filter == SyncFilter.skippingAhead) }
            shrunk = 0
            guard await handler.handle(batch, answering: since != nil) else {
                // A command could not be noted: the batch comes again, its handled commands skipped.
                guard goesOn(under: hold),
                    await waitAfter(MatrixAPIError(.noAnswer, "the database did not answer"), backoff: &backoff)
                else { return nil }
                continue
            }
            guard goesOn(under: hold) else { return nil }
            do {
                try await store.advance(to: batch.nextBatch)
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

    /// The filter of a sync from `since` after `shrunk` answers too large to read.
    private static func filter(since: String?, shrunk: Int) -> String {
        if shrunk == 0 { return SyncFilter.forSync(since: since) }
        // A first sync has no timeline to shrink: its state is what was too large.
        let limits = since == nil ? [] : SyncFilter.shrinkingTimelineLimits
        guard shrunk <= limits.count else { return SyncFilter.skippingAhead }
        return SyncFilter.filter(timelineLimit: limits[shrunk - 1])
    }

    /// Logs what a batch asked with fewer events (`skippedAhead`: none) left unread.
    private func logSkipped(_ batch: SyncBatch, from since: String?, skippedAhead: Bool) {
        let rooms = batch.joined.filter { skippedAhead || $0.isLimited }.count
        let position = since.map { "the position \($0)" } ?? "the first sync"
        let cap = "\(MatrixClient.largestSyncAnswer >> 20) MB"
        let what =
            skippedAhead
            ? "was over \(cap) even with 1 event a room; skipped to \(batch.nextBatch): the news of \(rooms) rooms"
            : "was over \(cap); read with fewer events a room, older ones in \(rooms) rooms"
        logger.warning("\(account.name): the sync from \(position) \(what) went unread")
    }

    /// Reports `error` and waits: a rate limit as long as the server asked, anything else the
    /// next wait of `backoff`. False when the wait was cut short
    /// (cancellation, graceful shutdown).
    private func waitAfter(_ error: any Error, backoff: inout Backoff) async -> Bool {
        let seconds: Double
        if let error = error as? MatrixAPIError, case .rateLimited(let wait) = error.kind {
            seconds = wait.timeInterval
        } else {
            seconds = backoff.nextWait()
        }
        let reason = (error as? MatrixAPIError)?.description ?? String(describing: error)
        adapterStatus.report(statusName, .down, detail: "\(reason); reconnecting in \(Int(seconds.rounded(.up))) s")
        logger.warning("\(account.name): \(reason); reconnecting in \(String(format: "%.1f", seconds)) s")
        return await pause(seconds)
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

    /// Sends what the desk has, one message at a time, in order, while `hold` is held: each is kept
    /// as it goes out in place of the answers it answers, and forgotten once sent or given up
    /// (``MatrixAnswerStore``, step 6).
    private func write(from desk: MatrixDesk, store: MatrixAnswerStore, under hold: DutyHold) async {
        while let (line, receipts) = await desk.next() {
            guard hold.isHeld else { return }
            var outgoing = line
            outgoing.keys = receipts
            if outgoing.storedAs == nil {
                do {
                    outgoing.storedAs = try await store.sending(outgoing)
                } catch is DutyLost {
                    return
                } catch {
                    logger.warning(
                        "\(account.name): a message to \(outgoing.roomID) could not be kept; sending it: \(error)")
                }
            }
            guard await send(outgoing, under: hold) else { return }
            let done = outgoing.storedAs.map { [$0] } ?? outgoing.keys
            do {
                try await store.remove(done)
            } catch is DutyLost {
                return
            } catch {
                logger.warning("\(account.name): a message sent to \(outgoing.roomID) could not be forgotten: \(error)")
            }
        }
    }

    /// The most times one message is tried when the server keeps saying `429`.
    static let maximumRateLimitedTries = 10

    /// Sends one message: a `429` is waited out and the same message sent again with the same
    /// transaction id; any other failure is logged and the message dropped. False when it was
    /// neither sent nor given up (the hold lost, the session cancelled or stopping): it stays
    /// kept, for the next session.
    private func send(_ outgoing: MatrixOutgoing, under hold: DutyHold) async -> Bool {
        for _ in 0..<Self.maximumRateLimitedTries {
            guard hold.isHeld, !Task.isCancelled else { return false }
            do {
                _ = try await client.send(outgoing.message, to: outgoing.roomID, transactionID: outgoing.transactionID)
                return true
            } catch {
                guard case .rateLimited(let wait) = error.kind else {
                    guard hold.isHeld, !Task.isCancelled else { return false }
                    logger.warning("\(account.name): a message to \(outgoing.roomID) was not sent: \(error)")
                    return true
                }
                logger.notice(
                    "\(account.name): rate-limited sending to \(outgoing.roomID); trying again in \(wait)")
                guard await pause(wait.timeInterval) else { return false }
            }
        }
        logger.warning("\(account.name): a message to \(outgoing.roomID) was dropped: still rate-limited")
        return true
    }
}
