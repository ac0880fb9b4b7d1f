import Foundation
import HomeroomCore
import HomeroomEngine
import Hummingbird
import NIOCore

/// `GET /healthz`: 200 when storage answers, 503 when it does not, for a load balancer or a
/// monitoring check. A caller that ``StatusAccess`` lets in gets each adapter's state, the outbox's
/// depth, what storage said, this instance's name and the duties it holds (with their fencing
/// tokens); anyone else gets the word `ok` or `down` and nothing more.
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
        let instance: String
        let duties: [String: Int64]
    }

    let database: any Database
    let outbox: Outbox
    let adapterStatus: AdapterStatusBoard
    let roster: any DutyRoster

    func respond(detailed: Bool) async -> Response {
        var storage = "ok"
        var pending: Int?
        do {
            try await database.read { db in try await db.raw("SELECT 1").run() }
            pending = try await outbox.pendingCount()
        } catch {
            storage = "unreachable: \(String(describing: error).prefix(200))"
        }
        let healthy = storage == "ok"
        let status: HTTPResponse.Status = healthy ? .ok : .serviceUnavailable
        guard detailed else {
            return Response(
                status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: healthy ? "ok" : "down")))
        }
        let adapters = adapterStatus.snapshot.mapValues {
            Report.Adapter(
                state: $0.state.rawValue, detail: $0.detail,
                since: $0.since.formatted(.iso8601))
        }
        return JSONBody.response(
            Report(
                status: healthy ? "ok" : "unavailable", storage: storage, adapters: adapters, outboxPending: pending,
                instance: roster.instanceID,
                duties: Dictionary(uniqueKeysWithValues: roster.heldDuties.map { ($0.key.name, $0.value) })),
            status: status)
    }
}
