import AsyncHTTPClient
import Foundation
import HomeroomCore
import HomeroomEngine
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

    /// Serves `account` whenever this instance holds it, through a ``ConnectionSupervisor``.
    /// Graceful shutdown ends the long poll at once; a running session then sends the answers
    /// waiting (it ends by itself within ``MatrixAnswerStore/drainSeconds``), and the hold is given up.
    private func serve(_ account: MatrixAccountSettings, http: HTTPClient) async {
        let base = MatrixClient(
            homeserver: account.homeserver, requestTimeout: .milliseconds(Int64(account.requestTimeoutSeconds * 1000)),
            http: http, logger: logger)
        let login = MatrixLogin(account: account, client: base, clock: clock)
        let supervisor = ConnectionSupervisor(
            duty: Self.duty(account), statusName: Self.statusName(account),
            startingDetail: "logging in as \(account.userID)", retryWord: "retrying", stableAfter: 0,
            shutdownGrace: MatrixAnswerStore.drainSeconds + 5, backoff: Self.backoff(account), roster: roster,
            status: adapterStatus, clock: clock, logger: logger, logPrefix: "\(account.name): ")
        await supervisor.run { attempt in
            await serve(account, login: login, client: base, attempt: attempt)
        }
    }

    /// Logs `account` in and runs its sync session and outbox delivery; says why it ended. A failed
    /// login is retried after the backoff, or after the wait the homeserver asked for; a refused
    /// token starts a new password login at once, or, without a password, is retried after the
    /// longest wait.
    private func serve(
        _ account: MatrixAccountSettings, login: MatrixLogin, client base: MatrixClient, attempt: ConnectionAttempt
    ) async -> ConnectionEnd {
        let hold = attempt.hold
        let credentials: MatrixCredentials
        do {
            credentials = try await login.logIn(database: hold.database)
        } catch {
            return .ended(reason: "\(error)", wait: error.wait.map(\.timeInterval))
        }
        attempt.cameUp()
        logger.info("\(account.name): logged in as \(credentials.userID)")
        let refused = await runSession(account, credentials: credentials, client: base, under: hold)
        guard refused else { return .ended(reason: "the sync session ended") }
        // The token was revoked or expired: a password login starts a new session.
        try? await login.forgetStoredSession(database: hold.database)
        guard account.password != nil else {
            logger.error("\(account.name): the homeserver refused the access token of \(account.userID)")
            return .ended(reason: "the access token was refused", wait: account.maximumReconnectSeconds)
        }
        logger.warning("\(account.name): the homeserver refused the session's token; logging in again")
        return .startOver
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

    /// The waits between an account's logins, and between its syncs that failed: from
    /// ``MatrixAccountSettings/firstReconnectSeconds`` doubling to
    /// ``MatrixAccountSettings/maximumReconnectSeconds``, with jitter so that many bots do not come
    /// back at the same instant.
    static func backoff(_ account: MatrixAccountSettings) -> Backoff {
        Backoff(first: account.firstReconnectSeconds, maximum: account.maximumReconnectSeconds)
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
