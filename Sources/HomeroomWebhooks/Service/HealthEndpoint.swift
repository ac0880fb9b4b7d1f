import Foundation
import HomeroomCore
import Hummingbird

/// `GET /healthz`: 200 when storage answers, 503 when it does not, with each adapter's state and
/// the outbox's depth, for a load balancer or a monitoring check.
struct HealthEndpoint: Sendable {
    struct Report: Encodable {
        struct Adapter: Encodable {
            let state: String
            let detail: String
            let since: String
        }

        let status: String
        let storage: String
        let adapters: [String: Adapter]
        let outboxPending: Int?
    }

    let database: any Database
    let outbox: Outbox
    let adapterStatus: AdapterStatusBoard

    func respond() async -> Response {
        var storage = "ok"
        var pending: Int?
        do {
            try await database.read { db in try await db.raw("SELECT 1").run() }
            pending = try await outbox.pendingCount()
        } catch {
            storage = "unreachable: \(String(describing: error).prefix(200))"
        }
        let adapters = adapterStatus.snapshot.mapValues {
            Report.Adapter(
                state: $0.state.rawValue, detail: $0.detail,
                since: $0.since.formatted(.iso8601))
        }
        let healthy = storage == "ok"
        return JSONBody.response(
            Report(
                status: healthy ? "ok" : "unavailable", storage: storage, adapters: adapters, outboxPending: pending),
            status: healthy ? .ok : .serviceUnavailable)
    }
}
