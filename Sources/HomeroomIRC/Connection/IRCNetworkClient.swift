import Foundation
import HomeroomCore
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// One network's connection, kept up: connect, register, join, answer; when the link drops,
/// reconnect after an exponential backoff with jitter (capped, reset after a stable session).
/// Each step is logged on one line and shown on the adapter status board.
struct IRCNetworkClient: Sendable {
    let network: IRCNetworkSettings
    let dispatcher: Dispatcher
    let connections: IRCConnectionRegistry
    let adapterStatus: AdapterStatusBoard
    let logger: Logger

    /// The status board's name for this network.
    var statusName: String { "irc/\(network.name)" }

    /// Connects and reconnects until graceful shutdown or cancellation.
    func run() async {
        var failures = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            adapterStatus.report(statusName, .starting, detail: "connecting to \(network.host):\(network.port)")
            logger.info("connecting to \(network.host):\(network.port)\(network.tls ? " (TLS)" : "")")
            let started = Date()
            let reason: String
            do {
                let connection = try await IRCTransport.connect(network)
                reason = await session(on: connection)
            } catch {
                reason = "cannot connect: \(Self.describe(error))"
            }
            connections.remove(network.name)
            if Task.isCancelled || Task.isShuttingDownGracefully { break }
            if Date().timeIntervalSince(started) >= network.stableAfterSeconds { failures = 0 }
            failures += 1
            let delay = backoff(afterFailures: failures)
            adapterStatus.report(statusName, .down, detail: "\(reason); reconnecting in \(Int(delay.rounded())) s")
            logger.warning("\(network.name): \(reason); reconnecting in \(String(format: "%.1f", delay)) s")
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(Int64(delay * 1000))) }
            } catch {
                break
            }
        }
        adapterStatus.report(statusName, .down, detail: "stopped")
    }

    /// The wait after `failures` failures in a row: doubling from the first delay, capped, with
    /// jitter so that many bots do not come back at the same instant after a netsplit.
    func backoff(afterFailures failures: Int) -> TimeInterval {
        let base = min(network.maximumReconnectSeconds, network.firstReconnectSeconds * pow(2, Double(failures - 1)))
        return base * Double.random(in: 0.5...1.0)
    }

    /// Runs one connection until it ends; returns why it ended.
    private func session(on connection: IRCTransport.Connection) async -> String {
        let state = IRCConnectionState(
            settings: network.session, flood: network.flood, channelAnswers: dispatcher.channelAnswers, now: Date())
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
                        while let next = await state.nextLines() {
                            try await outbound.write(ByteBuffer(bytes: next.lines.flatMap(\.serialized)))
                            await state.written(completing: next.completes)
                        }
                        return "closed"
                    }
                    group.addTask {
                        while true {
                            try await Task.sleep(for: .seconds(1))
                            if let reason = await perform(
                                await state.tick(now: Date()), state: state, handlers: handlers)
                            {
                                return reason
                            }
                        }
                    }
                    group.addTask {
                        if let reason = await perform(await state.start(now: Date()), state: state, handlers: handlers)
                        {
                            return reason
                        }
                        for try await buffer in inbound {
                            guard let message = IRCMessage(line: buffer.readableBytesView) else {
                                logger.debug("\(network.name): unreadable line skipped")
                                continue
                            }
                            let actions = await state.receive(message, now: Date())
                            if let reason = await perform(actions, state: state, handlers: handlers) { return reason }
                        }
                        return "the server closed the connection"
                    }
                    group.addTask {
                        // Graceful shutdown: say goodbye, then end the session.
                        try await gracefulShutdown()
                        await state.send([IRCMessage("QUIT", "Homeroom is restarting")], lane: .control, target: "")
                        try await Task.sleep(for: .milliseconds(300))
                        return "shut down"
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

    /// Carries out the session's actions; returns a reason when the connection must end.
    private func perform(_ actions: [IRCSession.Action], state: IRCConnectionState, handlers: TaskQueue) async
        -> String?
    {
        for action in actions {
            switch action {
            case .send, .whois:
                continue  // queued or answered by the state already
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
            case .deliver(let chat):
                await accept(chat, state: state, handlers: handlers)
            }
        }
        return nil
    }

    /// Reserves the answer's place now (so answers keep the commands' order) and handles the
    /// command concurrently; a repeat, in a channel, of a command its sender asked there lately
    /// waits for that one's answer and is not counted by the rate limit. With too many commands
    /// in progress, the message is left unanswered.
    private func accept(_ chat: IRCChatMessage, state: IRCConnectionState, handlers: TaskQueue) async {
        guard let ticket = await state.reserveAnswer(for: chat) else {
            logger.debug("\(network.name): too many commands in progress; a message from \(chat.nick) is not answered")
            return
        }
        let answers = IRCAnswers(network: network, dispatcher: dispatcher)
        handlers.submit { await answers.answer(chat, in: ticket, on: state) }
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
