import Foundation
import HomeroomCore
import Logging

/// Handles one `/sync` batch of a ``MatrixSyncSession``: the rooms left are forgotten, the
/// invitations decided (``MatrixInviteDecision``), and each joined room's events read in order —
/// members (for the direct-room rule and the names answers use), encryption (told once, then
/// the room is ignored), and the commands, dispatched and their answers queued on the desk.
/// Rooms are handled a few at a time; nothing is sent or joined once the hold is lost.
struct MatrixBatchHandler: Sendable {
    let session: MatrixSyncSession
    let hold: DutyHold
    let desk: MatrixAnswerDesk
    let renderer: MatrixAnswerRenderer
    let rooms = MatrixRoomBook()

    /// Rooms whose events are handled at one time.
    static let roomsAtOnce = 4
    /// The most times a join or leave is tried when the server keeps saying `429`.
    static let rateLimitedTries = 3

    private var account: MatrixAccountSettings { session.account }
    private var botUserID: String { session.credentials.userID }
    private var logger: Logger { session.logger }
    private var client: MatrixClient { session.client }
    private var state: AdapterState { AdapterState(adapter: "matrix", account: session.account.name) }

    /// The key under which the account remembers that it told `roomID` it turned encrypted.
    static func encryptedKey(_ roomID: String) -> String { "encrypted:\(roomID)" }

    /// Handles `batch`; its messages are answered only when `answering` (not on the first sync).
    func handle(_ batch: SyncBatch, answering: Bool) async {
        if batch.droppedEvents > 0 {
            logger.warning(
                "\(account.name): \(batch.droppedEvents) events of a sync could not be read and were skipped")
        }
        for roomID in batch.left {
            logger.info("\(account.name): left \(roomID)")
            await forget(roomID)
        }
        for invite in batch.invited {
            guard hold.isHeld, !Task.isCancelled else { return }
            await handle(invite)
        }
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for room in batch.joined {
                if running >= Self.roomsAtOnce {
                    await group.next()
                    running -= 1
                }
                group.addTask { await handle(room, answering: answering) }
                running += 1
            }
        }
    }

    // MARK: Invitations

    private func handle(_ invite: SyncBatch.InvitedRoom) async {
        let roomID = invite.roomID
        switch MatrixInviteDecision.decide(invite, account: account, botUserID: botUserID) {
        case .join(let inviter, let isDirect):
            do {
                let joined = try await obeyingRateLimit { () async throws(MatrixAPIError) -> String in
                    try await client.join(roomID)
                }
                logger.info(
                    "\(account.name): joined \(joined) on the invitation of \(inviter)\(isDirect ? " (direct)" : "")")
                if isDirect {
                    try await session.directRooms.remember(roomID: joined, person: inviter, database: hold.database)
                }
            } catch {
                logger.warning("\(account.name): could not join \(roomID) on the invitation of \(inviter): \(error)")
            }
        case .declineEncrypted(let inviter, let tellInviter):
            await decline(roomID, reason: MatrixInviteDecision.encryptedReason)
            logger.notice(
                "\(account.name): declined the invitation to \(roomID) from \(inviter ?? "someone unknown"): encrypted")
            guard tellInviter, let inviter, hold.isHeld else { return }
            do {
                let direct = try await session.directRooms.room(for: inviter, database: hold.database)
                let message = renderer.message(
                    [MatrixNotices.invitationDeclined(roomID: roomID)], mentioning: [inviter], inReplyTo: nil)
                if await !desk.send(
                    message, to: direct, transactionID: TransactionID.forReply(unique: "declined-\(roomID)"))
                {
                    logger.warning("\(account.name): too many messages waiting; \(inviter) is not told why")
                }
            } catch {
                logger.warning("\(account.name): could not tell \(inviter) why \(roomID) was declined: \(error)")
            }
        case .decline(let inviter, let reason):
            await decline(roomID, reason: reason)
            logger.notice(
                "\(account.name): declined the invitation to \(roomID) from \(inviter ?? "someone unknown"): \(reason)")
        }
    }

    private func decline(_ roomID: String, reason: String) async {
        guard hold.isHeld else { return }
        do {
            try await obeyingRateLimit { () async throws(MatrixAPIError) in
                try await client.leave(roomID, reason: reason)
            }
        } catch {
            logger.warning("\(account.name): could not decline the invitation to \(roomID): \(error)")
        }
    }

    // MARK: Leaving

    /// Forgets a room the bot left: on the server, in memory and as a direct room.
    private func forget(_ roomID: String) async {
        rooms.drop(roomID)
        if hold.isHeld {
            do {
                try await client.forget(roomID)
            } catch {
                logger.debug("\(account.name): could not forget \(roomID): \(error)")
            }
        }
        do {
            try await session.directRooms.forget(roomID: roomID, database: hold.database)
        } catch {
            logger.warning("\(account.name): could not forget the direct room \(roomID): \(error)")
        }
    }

    /// Leaves a direct room whose other member left, and forgets it.
    private func leaveDirectRoom(_ roomID: String) async {
        guard hold.isHeld else { return }
        logger.info("\(account.name): the other member left the direct room \(roomID); leaving it")
        do {
            try await obeyingRateLimit { () async throws(MatrixAPIError) in try await client.leave(roomID, reason: nil)
            }
        } catch {
            logger.warning("\(account.name): could not leave \(roomID): \(error)")
        }
        await forget(roomID)
    }

    // MARK: Rooms

    private func handle(_ room: SyncBatch.JoinedRoom, answering: Bool) async {
        let roomID = room.roomID
        let countBefore = rooms.memberCount(of: roomID)
        var otherLeft = false
        var turnedEncrypted = false
        for event in room.state + room.timeline {
            switch event.type {
            case "m.room.member":
                guard let member = event.stateKey else { continue }
                rooms.setMemberCount(nil, of: roomID)
                let membership = event.content.membership
                rooms.setDisplayName(membership == "join" ? event.content.displayName : nil, of: member, in: roomID)
                if member != botUserID, membership == "leave" || membership == "ban" { otherLeft = true }
            case "m.room.encryption":
                turnedEncrypted = true
            default:
                continue
            }
        }
        if let count = room.joinedMemberCount { rooms.setMemberCount(count, of: roomID) }
        let wasDirect = countBefore == 2 || room.joinedMemberCount == 1
        if otherLeft, wasDirect ? true : (try? await isRememberedDirect(roomID)) == true {
            await leaveDirectRoom(roomID)
            return
        }
        if turnedEncrypted { await noteEncrypted(roomID) }
        guard answering else { return }
        let commands = room.timeline.filter {
            MatrixCommandRule.isAnswerable(
                $0, botUserID: botUserID, maximumAgeSeconds: account.maximumCommandAgeSeconds)
        }
        guard !commands.isEmpty, await !isEncrypted(roomID) else { return }
        for event in commands {
            guard hold.isHeld, !Task.isCancelled else { return }
            await answer(event, in: roomID)
        }
    }

    /// Tells `roomID` once (across restarts) that the bot cannot read it now, and ignores it from then on.
    private func noteEncrypted(_ roomID: String) async {
        guard rooms.isEncrypted(roomID) != true else { return }
        let key = Self.encryptedKey(roomID)
        do {
            if try await state.value(for: key, in: hold.database) == nil {
                try await state.set("told", for: key, at: session.clock.now, in: hold.database)
                let message = renderer.message(
                    [MatrixNotices.roomTurnedEncrypted(botUserID: botUserID)], mentioning: [], inReplyTo: nil)
                if await desk.send(message, to: roomID, transactionID: TransactionID.forReply(unique: key)) {
                    logger.notice("\(account.name): \(roomID) is encrypted; told it so, and ignoring it")
                }
            }
            rooms.setEncrypted(true, roomID)
        } catch {
            logger.warning("\(account.name): could not note that \(roomID) is encrypted: \(error)")
        }
    }

    /// True when `roomID` is known to be encrypted (told so in this run or an earlier one).
    private func isEncrypted(_ roomID: String) async -> Bool {
        if let known = rooms.isEncrypted(roomID) { return known }
        do {
            let told = try await state.value(for: Self.encryptedKey(roomID), in: hold.database) != nil
            rooms.setEncrypted(told, roomID)
            return told
        } catch {
            logger.warning("\(account.name): could not read whether \(roomID) is encrypted: \(error)")
            return false
        }
    }

    private func isRememberedDirect(_ roomID: String) async throws -> Bool {
        try await session.directRooms.isDirectRoom(roomID, database: hold.database)
    }

    /// True when `roomID` is a direct room: remembered as one, or with two joined members (asked
    /// once and kept until a member event in the room).
    private func isDirect(_ roomID: String) async -> Bool {
        do {
            if try await isRememberedDirect(roomID) { return true }
        } catch {
            logger.warning("\(account.name): could not read whether \(roomID) is direct: \(error)")
        }
        var count = rooms.memberCount(of: roomID)
        if count == nil, hold.isHeld {
            do {
                let asked = try await client.joinedMemberCount(of: roomID)
                rooms.setMemberCount(asked, of: roomID)
                count = asked
            } catch {
                logger.debug("\(account.name): could not count the members of \(roomID): \(error)")
            }
        }
        return MatrixRoomBook.isDirect(remembered: false, joinedMembers: count)
    }

    // MARK: Commands

    /// Recognises, dispatches and queues the answer to one message.
    private func answer(_ event: RoomEvent, in roomID: String) async {
        guard let body = event.content.body else { return }
        let addressing = MatrixAddressing(
            body: body, mentionedUserIDs: event.content.mentionedUserIDs, botUserID: botUserID,
            displayName: rooms.displayName(of: botUserID, in: roomID))
        let isDirect = await isDirect(roomID)
        let channel = session.isFirstAccount ? roomID : "\(account.name)/\(roomID)"
        let conversation: Conversation = isDirect ? .direct : .channel(channel)
        let dispatcher = session.dispatcher
        guard
            let recognized = dispatcher.recognizer.recognize(
                addressing.text, in: isDirect || addressing.isAddressed ? .direct : conversation)
        else { return }
        let asker = MatrixAsker(
            userID: event.sender,
            name: rooms.displayName(of: event.sender, in: roomID) ?? MatrixID.localpart(of: event.sender),
            eventID: event.eventID)
        let isRepeat = isDirect ? false : await desk.isRepeat(addressing.text, in: roomID, by: asker)
        let message = IncomingMessage(
            sender: UserID(adapter: "matrix", id: event.sender), senderIsVerified: true, conversation: conversation,
            text: body, receivedAt: session.clock.now)
        guard hold.isHeld,
            let reply = await dispatcher.handle(message, recognized: recognized, countingAgainstRateLimit: !isRepeat)
        else { return }
        let answer = renderer.answer(to: reply, from: asker, inRoom: !isDirect, question: addressing.text)
        if await !desk.offer(answer, in: roomID, from: asker) {
            logger.warning(
                "\(account.name): too many answers waiting; the answer to \(event.sender) in \(roomID) is dropped")
        }
    }

    // MARK: Rate limits

    /// Runs `operation`, waiting out a `429` and trying again, at most ``rateLimitedTries`` times.
    private func obeyingRateLimit<T: Sendable>(_ operation: () async throws(MatrixAPIError) -> T)
        async throws(MatrixAPIError) -> T
    {
        var tries = 1
        while true {
            do {
                return try await operation()
            } catch {
                guard case .rateLimited(let wait) = error.kind, tries < Self.rateLimitedTries,
                    await session.pause(wait.timeInterval)
                else { throw error }
                tries += 1
            }
        }
    }
}
