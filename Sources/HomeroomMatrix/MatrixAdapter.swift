import AsyncHTTPClient
import Foundation
import HomeroomCore
import Logging
import NIOSSL
import ServiceLifecycle

/// The Matrix adapter: one bot account per configured homeserver account, each logged in and
/// syncing on its own, as one `Service` of the process. People type `!lunch` (or mention the
/// bot) in a room, or anything in a direct room; answers are notices.
///
/// Each account is a duty (`matrix:NAME`): with several instances on one PostgreSQL database, only
/// the instance holding it syncs, so each message is answered once; the others stand by and take
/// over when the holder dies. The account's outbox notifications are delivered under the same hold.
public struct MatrixAdapter: Service {
    let settings: MatrixSettings
    let dispatcher: Dispatcher
    let adapterStatus: AdapterStatusBoard
    let roster: any DutyRoster
    let outbox: Outbox?
    let clock: any HomeroomClock
    let logger: Logger
    let accounts = LoggedInAccounts()
    /// Delivers the outbox's `matrix` notifications through the accounts logged in here; tests
    /// that step delivery themselves (no `outbox` given) call it directly.
    package let sender: MatrixSender

    /// What the status board says while another instance holds an account.
    static let heldElsewhere = "held by another instance"

    /// Creates the adapter for the accounts in `settings`, each logged in while this instance of
    /// `roster` holds it. With an `outbox`, each account's notifications are delivered under its
    /// hold; without, the caller delivers them through ``sender``.
    package init(
        settings: MatrixSettings, dispatcher: Dispatcher, adapterStatus: AdapterStatusBoard, roster: any DutyRoster,
        outbox: Outbox?, clock: any HomeroomClock, logger: Logger
    ) {
        self.settings = settings
        self.dispatcher = dispatcher
        self.adapterStatus = adapterStatus
        self.roster = roster
        self.outbox = outbox
        self.clock = clock
        var logger = logger
        logger[metadataKey: "adapter"] = "matrix"
        self.logger = logger
        self.sender = MatrixSender(settings: settings, accounts: accounts)
    }

    /// Keeps each account logged in and syncing while this instance holds it, until shutdown.
    public func run() async throws {
        let verifying = Self.httpClient(verifyingCertificates: true)
        let lenient =
            settings.accounts.contains(where: \.allowInvalidCertificate)
            ? Self.httpClient(verifyingCertificates: false) : nil
        for account in settings.accounts where account.allowInvalidCertificate {
            logger.warning(
                "\(account.name): allowInvalidCertificate is on — the homeserver's certificate is not checked")
        }
        await withDiscardingTaskGroup { group in
            for account in settings.accounts {
                let http = account.allowInvalidCertificate ? lenient ?? verifying : verifying
                group.addTask { await serve(account, http: http) }
            }
        }
        try await verifying.shutdown()
        try await lenient?.shutdown()
    }

    /// The duty of serving `account`.
    static func duty(_ account: MatrixAccountSettings) -> Duty { .connection("matrix", account.name) }

    /// The status board's name for `account`.
    static func statusName(_ account: MatrixAccountSettings) -> String { "matrix/\(account.name)" }

    /// Serves `account` whenever this instance holds it. Graceful shutdown ends the long poll at
    /// once; a running session then sends the answers waiting (it ends by itself within
    /// ``MatrixAnswerStore/drainSeconds``), and the hold is given up.
    private func serve(_ account: MatrixAccountSettings, http: HTTPClient) async {
        adapterStatus.report(Self.statusName(account), .standby, detail: Self.heldElsewhere, at: clock.now)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await roster.perform(Self.duty(account)) { hold in await serve(account, http: http, under: hold) }
            }
            group.addTask {
                guard (try? await gracefulShutdown()) != nil else { return }
                let deadline = ContinuousClock.now + .seconds(MatrixAnswerStore.drainSeconds + 5)
                while accounts.account(account.name) != nil, ContinuousClock.now < deadline {
                    guard (try? await Task.sleep(for: .milliseconds(50))) != nil else { return }
                }
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Logs `account` in and runs its sync session and outbox delivery while `hold` lasts; logs in
    /// again when the session's token is refused, and retries a failed login after a backoff.
    private func serve(_ account: MatrixAccountSettings, http: HTTPClient, under hold: DutyHold) async {
        let status = Self.statusName(account)
        let base = MatrixClient(
            homeserver: account.homeserver, requestTimeout: .milliseconds(Int64(account.requestTimeoutSeconds * 1000)),
            http: http, logger: logger)
        let login = MatrixLogin(account: account, client: base, clock: clock)
        var failures = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully && hold.isHeld {
            adapterStatus.report(status, .starting, detail: "logging in as \(account.userID)", at: clock.now)
            let credentials: MatrixCredentials
            do {
                credentials = try await login.logIn(database: hold.database)
            } catch {
                if Task.isCancelled || Task.isShuttingDownGracefully || !hold.isHeld { break }
                failures += 1
                let delay = error.wait.map(\.timeInterval) ?? backoff(account, afterFailures: failures)
                adapterStatus.report(
                    status, .down, detail: "\(error); retrying in \(Int(delay.rounded())) s", at: clock.now)
                logger.warning("\(account.name): \(error); retrying in \(String(format: "%.1f", delay)) s")
                guard await pause(seconds: delay) else { break }
                continue
            }
            failures = 0
            logger.info("\(account.name): logged in as \(credentials.userID)")
            let refused = await runSession(account, credentials: credentials, client: base, under: hold)
            guard refused else { break }
            // The token was revoked or expired: a password login starts a new session.
            try? await login.forgetStoredSession(database: hold.database)
            guard account.password != nil else {
                let delay = account.maximumReconnectSeconds
                adapterStatus.report(
                    status, .down, detail: "the access token was refused; retrying in \(Int(delay.rounded())) s",
                    at: clock.now)
                logger.error("\(account.name): the homeserver refused the access token of \(account.userID)")
                guard await pause(seconds: delay) else { break }
                continue
            }
            logger.warning("\(account.name): the homeserver refused the session's token; logging in again")
        }
        if hold.isHeld || Task.isShuttingDownGracefully {
            adapterStatus.report(status, .down, detail: "stopped", at: clock.now)
        } else {
            adapterStatus.report(status, .standby, detail: Self.heldElsewhere, at: clock.now)
        }
    }

    /// Runs the sync session and, with an outbox, the account's delivery until the session ends;
    /// true when it ended because the homeserver refused the token.
    private func runSession(
        _ account: MatrixAccountSettings, credentials: MatrixCredentials, client base: MatrixClient,
        under hold: DutyHold
    ) async -> Bool {
        let client = base.authenticated(with: credentials.accessToken)
        let directRooms = DirectRooms(
            client: client, account: account.name, clock: clock, botUserID: credentials.userID)
        let session = MatrixSyncSession(
            account: account, credentials: credentials, client: client, directRooms: directRooms,
            dispatcher: dispatcher, adapterStatus: adapterStatus, clock: clock, logger: logger,
            isFirstAccount: account.name == settings.accounts.first?.name)
        accounts.add(account.name, LoggedInAccounts.Account(client: client, directRooms: directRooms, hold: hold))
        defer { accounts.remove(account.name) }
        return await withDiscardingTaskGroup(returning: Bool.self) { work in
            if let outbox {
                let worker = OutboxDeliveryWorker(
                    outbox: outbox.working(under: hold), sender: sender, logger: logger,
                    targets: settings.deliveryTargets(for: account))
                work.addTask { await worker.run(takingOverClaims: true) }
            }
            defer { work.cancelAll() }
            do throws(MatrixAPIError) {
                try await session.run(under: hold)
                return false
            } catch {
                return error.isUnknownToken
            }
        }
    }

    /// The wait after `failures` failed logins in a row: doubling from the first delay, capped,
    /// with jitter so that many bots do not come back at the same instant.
    func backoff(_ account: MatrixAccountSettings, afterFailures failures: Int) -> TimeInterval {
        let doubled = account.firstReconnectSeconds * pow(2, Double(min(max(failures, 1), 32) - 1))
        return min(account.maximumReconnectSeconds, doubled) * Double.random(in: 0.5...1.0)
    }

    /// Waits `seconds` on the adapter's clock; false when graceful shutdown or cancellation ended the wait.
    private func pause(seconds: TimeInterval) async -> Bool {
        do {
            try await cancelWhenGracefulShutdown {
                try await clock.sleep(until: clock.now.addingTimeInterval(seconds))
            }
            return true
        } catch {
            return false
        }
    }

    /// The HTTP client of the adapter's requests (one for every account that checks certificates,
    /// one for those that do not).
    private static func httpClient(verifyingCertificates: Bool) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10)),
            connectionPool: .init(idleTimeout: .seconds(55)))
        if !verifyingCertificates {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            configuration.tlsConfiguration = tls
        }
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
