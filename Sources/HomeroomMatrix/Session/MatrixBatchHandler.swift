import Foundation
import HomeroomCore
import HomeroomEngine
import Logging

/// Handles one `/sync` batch of a ``MatrixSyncSession``: the rooms left are forgotten, the
/// invitations decided (``MatrixInviteDecision``), and each joined room's events read in order —
/// members (for the direct-room rule and the names answers use), encryption (told once, then
/// the room is ignored), and the commands, each accepted by the account's conversation desk (its
/// place in the order, whether it repeats one), run once, and its answer kept before the desk takes
/// it back (``MatrixAnswerStore`` tells the order, and why). Rooms are handled a few at a
/// time; nothing is sent or joined once the hold is lost, and no command is begun once the
/// session is stopping.
struct MatrixBatchHandler: Sendable {
    let session: MatrixSyncSession
    let hold: DutyHold
    let desk: MatrixDesk
    let renderer: MatrixAnswerRenderer
    let store: MatrixAnswerStore
    let rooms: MatrixRoomBook

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
    /// True when every command of it was handled and its answer kept: its position may be stored.
    func handle(_ batch: SyncBatch, answering: Bool) async -> Bool {
        if batch.droppedEvents > 0 {
            logger.warning(
                "\(account.name): \(batch.droppedEvents) events of a sync could not be read and were skipped")
        }
        for roomID in batch.left {
            logger.info("\(account.name): left \(roomID)")
            await forget(roomID)
        }
        for invite in batch.invited {
            guard isGoingOn else { return false }
            await handle(invite)
        }
        return await withTaskGroup(of: Bool.self) { group in
            var running = 0
            var complete = true
            for room in batch.joined {
                if running >= Self.roomsAtOnce {
                    complete = (await group.next() ?? true) && complete
                    running -= 1
                }
                group.addTask { await handle(room, answering: answering) }
                running += 1
            }
            for await handled in group { complete = complete && handled }
            return complete
        }
    }

    /// True while commands may be begun: the hold is held, and the session neither cancelled nor stopping.
    private var isGoingOn: Bool { hold.isHeld && !Task.isCancelled && !Task.isShuttingDownGracefully }

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
                let told = MatrixOutgoing(
                    roomID: direct, message: message,
                    transactionID: TransactionID.forReply(unique: "declined-\(roomID)"))
                await desk.send([told], lane: .reply, target: direct)
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

    /// Handles one room's events; true when each of its commands was handled and its answer kept.
    private func handle(_ room: SyncBatch.JoinedRoom, answering: Bool) async -> Bool {
        let roomID = room.roomID
        let countBefore = rooms.memberCount(of: roomID)
        var otherLeft = false
        var membersChanged = false
        var turnedEncrypted = false
        for event in room.state + room.timeline {
            switch event.type {
            case "m.room.member":
                guard let member = event.stateKey else { continue }
                rooms.setMemberCount(nil, of: roomID)
                membersChanged = true
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
            return true
        }
        if membersChanged { await forgetIfNoLongerDirect(roomID) }
        if turnedEncrypted { await noteEncrypted(roomID) }
        guard answering else { return true }
        let commands = room.timeline.filter {
            MatrixCommandRule.isAnswerable(
                $0, botUserID: botUserID, maximumAgeSeconds: account.maximumCommandAgeSeconds)
        }
        guard !commands.isEmpty, await !isEncrypted(roomID) else { return true }
        for event in commands {
            guard isGoingOn else { return false }
            guard await answer(event, in: roomID) else { return false }
        }
        return true
    }

    /// Forgets `roomID` as a direct room once more people than the bot and one person joined it:
    /// it is a room like any other from then on, and answers for one person go elsewhere.
    private func forgetIfNoLongerDirect(_ roomID: String) async {
        guard (try? await isRememberedDirect(roomID)) == true else { return }
        let count = await memberCount(of: roomID)
        guard let count, count > 2 else { return }
        logger.info("\(account.name): \(roomID) has \(count) members now; it is no longer a direct room")
        do {
            try await session.directRooms.forget(roomID: roomID, database: hold.database)
        } catch {
            logger.warning("\(account.name): could not forget the direct room \(roomID): \(error)")
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
                let notice = MatrixOutgoing(
                    roomID: roomID, message: message, transactionID: TransactionID.forReply(unique: key))
                await desk.send([notice], lane: .reply, target: roomID)
                logger.notice("\(account.name): \(roomID) is encrypted; told it so, and ignoring it")
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

    /// True when `roomID` is a direct room: two joined members, the bot and one person (asked
    /// once and kept until a member event in the room); a room remembered as direct counts as one
    /// while its members cannot be counted.
    private func isDirect(_ roomID: String) async -> Bool {
        var remembered = false
        do {
            remembered = try await isRememberedDirect(roomID)
        } catch {
            logger.warning("\(account.name): could not read whether \(roomID) is direct: \(error)")
        }
        return MatrixRoomBook.isDirect(remembered: remembered, joinedMembers: await memberCount(of: roomID))
    }

    /// The joined members of `roomID`: as last seen, else asked of the server (nil: unknown).
    private func memberCount(of roomID: String) async -> Int? {
        if let known = rooms.memberCount(of: roomID) { return known }
        guard hold.isHeld else { return nil }
        do {
            let asked = try await client.joinedMemberCount(of: roomID)
            rooms.setMemberCount(asked, of: roomID)
            return asked
        } catch {
            logger.debug("\(account.name): could not count the members of \(roomID): \(error)")
            return nil
        }
    }

    /// The direct room with `person`, where an answer for them alone goes: the remembered one
    /// while nobody but the bot and them joined it (they may not have joined yet), else a new
    /// one; nil when none could be had.
    private func privateRoom(for person: String) async -> String? {
        for _ in 0..<2 {
            do {
                let roomID = try await session.directRooms.room(for: person, database: hold.database)
                if let count = await memberCount(of: roomID), count > 2 {
                    try await session.directRooms.forget(roomID: roomID, database: hold.database)
                    continue
                }
                return roomID
            } catch {
                logger.warning("\(account.name): could not open a direct room with \(person): \(error)")
                return nil
            }
        }
        return nil
    }

    // MARK: Commands

    /// Recognises one message and, when it is a command not handled yet, runs it and keeps and
    /// queues its answer (``MatrixAnswerStore``, steps 1 to 4); false when it could not be noted,
    /// so that the batch is synced again.
    private func answer(_ event: RoomEvent, in roomID: String) async -> Bool {
        guard let body = event.content.body, let eventID = event.eventID else { return true }
        let addressing = MatrixAddressing(
            body: body, mentionedUserIDs: event.content.mentionedUserIDs, botUserID: botUserID,
            displayName: rooms.displayName(of: botUserID, in: roomID))
        let isDirect = await isDirect(roomID)
        let channel = session.isFirstAccount ? roomID : "\(account.name)/\(roomID)"
        let conversation: Conversation = isDirect ? .direct : .channel(channel)
        guard
            let recognized = session.dispatcher.recognizer.recognize(
                addressing.text, in: isDirect || addressing.isAddressed ? .direct : conversation)
        else { return true }
        let asker = MatrixAsker(
            userID: event.sender,
            name: rooms.displayName(of: event.sender, in: roomID) ?? MatrixID.localpart(of: event.sender),
            eventID: eventID)
        let command = RecognizedCommand(
            eventID: eventID, roomID: roomID, asker: asker, isDirect: isDirect, conversation: conversation,
            text: addressing.text, body: body, recognized: recognized)
        // Steps 1 to 4 run to their end once begun, even when the session is cancelled meanwhile.
        return await Task { await run(command) }.value
    }

    /// A command recognised in a room, about to be run.
    private struct RecognizedCommand: Sendable {
        var eventID: String
        var roomID: String
        var asker: MatrixAsker
        var isDirect: Bool
        var conversation: Conversation
        /// The command as typed, without the bot's name.
        var text: String
        var body: String
        var recognized: CommandRecognizer.Recognized
    }

    /// Runs `command` once: marked, dispatched, its answer kept, then queued.
    private func run(_ command: RecognizedCommand) async -> Bool {
        let (eventID, roomID, asker) = (command.eventID, command.roomID, command.asker)
        do {
            if try await store.isMarked(eventID) { return true }
            guard hold.isHeld else { return false }
            try await store.start(
                eventID, MatrixAnswerStore.Started(roomID: roomID, asker: asker, isDirect: command.isDirect))
        } catch {
            logger.warning(
                "\(account.name): the command \(eventID) in \(roomID) could not be noted; it waits: \(error)")
            return false
        }
        guard let accepted = await desk.accept(command.text, from: asker.userID, in: command.isDirect ? nil : roomID)
        else {
            logger.warning(
                "\(account.name): too many answers waiting; the command \(eventID) of \(asker.userID) in \(roomID) is not run"
            )
            do {
                _ = try await store.finish(eventID, answer: nil)
                return true
            } catch {
                return false
            }
        }
        let message = IncomingMessage(
            sender: UserID(adapter: "matrix", id: asker.userID), senderIsVerified: true,
            conversation: command.conversation, text: command.body, receivedAt: session.clock.now)
        let reply = await session.dispatcher.handle(
            message, recognized: command.recognized, countingAgainstRateLimit: !accepted.isRepeat)
        var answer = MatrixAnswer.none
        if let reply {
            let directRoomID =
                !command.isDirect && reply.isForAskerAlone && !reply.lines.isEmpty
                ? await privateRoom(for: asker.userID) : nil
            answer = renderer.answer(
                to: reply, from: asker, inRoom: !command.isDirect, question: command.text, directRoomID: directRoomID)
        }
        var key: String?
        do {
            key = try await store.finish(
                eventID,
                answer: MatrixAnswerStore.Pending(
                    roomID: roomID, asker: asker, answer: answer, language: reply?.language?.code))
            if key == nil, answer != .none {
                logger.warning("\(account.name): the answer to \(eventID) is too long to keep; it is sent unkept")
            }
        } catch is DutyLost {
            // Another instance holds the account: it tells the asker the command was cut in the middle.
            await desk.finish(accepted.ticket, with: MatrixAnswer.none.rendered(in: roomID, to: asker, receipt: nil))
            return false
        } catch {
            // Run, its mark left as begun: the answer still goes out from here, unkept.
            logger.warning("\(account.name): the answer to \(eventID) in \(roomID) could not be kept: \(error)")
        }
        // An answer folded into one sent already, or with nothing to send, is forgotten at once.
        let settled = await desk.finish(
            accepted.ticket, with: answer.rendered(in: roomID, to: asker, receipt: key, language: reply?.language))
        if !settled.isEmpty {
            do {
                try await store.remove(settled)
            } catch {
                logger.warning("\(account.name): could not forget a kept answer: \(error)")
            }
        }
        return true
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
