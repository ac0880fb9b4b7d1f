import Foundation
import HomeroomCore
import HomeroomEngine
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// One network's connection, kept up by a ``ConnectionSupervisor`` while this instance holds the
/// network's duty: connect, register, join, answer; when the link drops, reconnect after an
/// exponential backoff with jitter (capped, reset after a stable session). Each step is logged on
/// one line and shown on the adapter status board.
///
/// Nothing but the bot's own QUIT is written to the server, and no command is dispatched, once
/// the hold is lost: the session ends with that QUIT, and another instance's bot takes the channel
/// over. Graceful shutdown and cancellation end the session with a QUIT too.
struct IRCNetworkClient: Sendable {
    let network: IRCNetworkSettings
    let dispatcher: Dispatcher
    let connections: IRCConnectionRegistry
    let adapterStatus: AdapterStatusBoard
    /// What the connection tells time by: flood control, pings, WHOIS timeouts, coalescing.
    let clock: any HomeroomClock
    let logger: Logger

    /// The status board's name for this network.
    var statusName: String { "irc/\(network.name)" }

    /// The supervisor that keeps this network's connection up while `roster` gives this instance
    /// its duty (`irc:NAME`): the waits between attempts double from the first reconnect delay to
    /// the longest, with jitter so that many bots do not come back at the same instant after a
    /// netsplit, and start over after a connection that stayed up ``IRCNetworkSettings/stableAfterSeconds``.
    /// On graceful shutdown the session says goodbye (QUIT) by itself, within half a second.
    func supervisor(roster: any DutyRoster) -> ConnectionSupervisor {
        ConnectionSupervisor(
            duty: .connection("irc", network.name), statusName: statusName,
            startingDetail: "connecting to \(network.host):\(network.port)", stableAfter: network.stableAfterSeconds,
            shutdownGrace: 0.5,
            backoff: Backoff(first: network.firstReconnectSeconds, maximum: network.maximumReconnectSeconds),
            roster: roster, status: adapterStatus, clock: clock, logger: logger, logPrefix: "\(network.name): ")
    }

    /// One attempt: connects, runs the session until the connection ends, and says why it ended.
    func connect(_ attempt: ConnectionAttempt) async -> ConnectionEnd {
        logger.info("connecting to \(network.host):\(network.port)\(network.tls ? " (TLS)" : "")")
        let reason: String
        do {
            let connection = try await IRCTransport.connect(network)
            attempt.cameUp()
            reason = await session(on: connection, under: attempt.hold)
        } catch {
            reason = "cannot connect: \(Self.describe(error))"
        }
        connections.remove(network.name)
        return .ended(reason: reason)
    }

    /// The longest a session waits for its goodbye (QUIT) to be written before it closes anyway.
    static let goodbyeTimeout = Duration.milliseconds(300)

    /// Runs one connection until it ends; returns why it ended.
    ///
    /// The connection runs in a task of its own, so that cancelling the work (the lease lost, the
    /// adapter stopped) does not cut it: the cancellation asks for the goodbye instead, and the
    /// connection closes once its QUIT is written, at most ``goodbyeTimeout`` later.
    private func session(on connection: IRCTransport.Connection, under hold: DutyHold) async -> String {
        let (farewells, farewell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingOldest(1))
        let conversation = Task {
            await converse(on: connection, under: hold, farewells: farewells, farewell: farewell)
        }
        return await withTaskCancellationHandler {
            await conversation.value
        } onCancel: {
            farewell.yield()
        }
    }

    /// The connection's reader, writer, ticker and handlers, until one of them ends it; on
    /// graceful shutdown, cancellation or the hold lost (each one yields to `farewell`), it ends
    /// with the bot's own QUIT. No line but that QUIT is written, and no command is dispatched,
    /// once the hold is lost.
    private func converse(
        on connection: IRCTransport.Connection, under hold: DutyHold, farewells: AsyncStream<Void>,
        farewell: AsyncStream<Void>.Continuation
    ) async -> String {
        let state = IRCConnectionState(
            settings: network.session, flood: network.flood, channelAnswers: dispatcher.channelAnswers,
            recognizer: dispatcher.recognizer,
            morePageSize: IRCAnswerRenderer.pageSize(showing: network.maximumLinesInChannel), clock: clock)
        let answers = IRCAnswers(network: network, dispatcher: dispatcher, clock: clock)
        let handlers = TaskQueue()
        let outcome: String
        do {
            outcome = try await connection.executeThenClose { inbound, outbound in
                await withThrowingTaskGroup(of: String.self) { group in
                    group.addTask {
                        await handlers.run()
                        return "stopped"
                    }
                    group.addTask {
                        var written: [Int] = []
                        while let next = await state.nextLines(afterWriting: written) {
                            written = []
                            // Once the hold is lost, only the goodbye goes out.
                            guard next.isGoodbye || hold.isHeld else {
                                farewell.yield()
                                continue
                            }
                            try await outbound.write(ByteBuffer(bytes: next.lines.flatMap(\.serialized)))
                            if next.isGoodbye { return Self.saidGoodbye(next.lines) }
                            written = next.completes
                        }
                        return "closed"
                    }
                    group.addTask {
                        while true {
                            try await clock.sleep(until: clock.now.addingTimeInterval(1))
                            guard hold.isHeld else {
                                farewell.yield()
                                continue
                            }
                            if let reason = perform(await state.tick(now: clock.now), on: state) { return reason }
                        }
                    }
                    group.addTask {
                        if let reason = perform(await state.start(now: clock.now), on: state) { return reason }
                        for try await buffer in inbound {
                            guard let message = IRCMessage(line: buffer.readableBytesView) else {
                                logger.debug("\(network.name): unreadable line skipped")
                                continue
                            }
                            // A command is accepted only while this instance holds the network.
                            let received = await state.receive(message, now: clock.now, accepting: hold.isHeld)
                            if received.refused { farewell.yield() }
                            if received.unanswered > 0 {
                                logger.debug(
                                    "\(network.name): too many commands in progress; \(received.unanswered) left unanswered")
                            }
                            for turn in received.turns {
                                handlers.submit { await answers.answer(turn, on: state) }
                            }
                            if let reason = perform(received.actions, on: state) { return reason }
                        }
                        return "the server closed the connection"
                    }
                    group.addTask {
                        // Graceful shutdown, cancellation or the hold lost: say goodbye, and end the
                        // session once the writer has written it (or the wait is over).
                        let asked = await withGracefulShutdownHandler {
                            await farewells.first { _ in true } != nil
                        } onGracefulShutdown: {
                            farewell.yield()
                        }
                        guard asked else { return "stopped" }
                        let quit = Self.goodbye(under: hold)
                        await state.sayGoodbye(quit)
                        try await Task.sleep(for: Self.goodbyeTimeout)
                        return "said goodbye (\(quit)), not written within \(Self.goodbyeTimeout)"
                    }
                    // Whatever ends first ends the session; the writer and the handlers are told
                    // to stop before the group waits for them.
                    let reason: String
                    do {
                        reason = try await group.next() ?? "closed"
                    } catch {
                        reason = "the connection failed: \(Self.describe(error))"
                    }
                    await state.close()
                    handlers.finish()
                    group.cancelAll()
                    return reason
                }
            }
        } catch {
            outcome = "the connection failed: \(Self.describe(error))"
        }
        await state.close()
        return outcome
    }

    /// The bot's QUIT reason when its session ends: another instance has the network now, or this
    /// one restarts (graceful shutdown) or stops.
    static func goodbye(under hold: DutyHold) -> String {
        if !hold.isHeld { return "another instance took over" }
        return Task.isShuttingDownGracefully ? "Homeroom is restarting" : "Homeroom is stopping"
    }

    /// Why a session ends once its goodbye (`lines`, the QUIT) was written.
    static func saidGoodbye(_ lines: [IRCMessage]) -> String {
        "said goodbye (\(lines.first?.parameters.last ?? ""))"
    }

    /// Carries out the session's actions (its lines are queued, its WHOIS answers handed out and
    /// its commands accepted by the connection's state already); returns a reason when the
    /// connection must end.
    private func perform(_ actions: [IRCSession.Action], on state: IRCConnectionState) -> String? {
        for action in actions {
            switch action {
            case .send, .whois, .deliver:
                continue
            case .registered(let nick):
                connections.add(network.name, state)
                adapterStatus.report(statusName, .up, detail: "registered as \(nick) on \(network.host)")
                logger.info("\(network.name): registered as \(nick)")
            case .joined(let channel):
                logger.info("\(network.name): joined \(channel)")
            case .note(let text):
                logger.notice("\(network.name): \(text)")
            case .disconnect(let reason):
                return reason
            }
        }
        return nil
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? NIOSSLError, case .uncleanShutdown = error {
            return "the server closed the connection"
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return "no connection within the timeout"
        }
        return String(describing: error)
    }
}
