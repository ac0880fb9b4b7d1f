import Foundation
import HomeroomCore
import Hummingbird
import NIOCore

/// `GET /healthz`: 200 when storage answers, 503 when it does not, for a load balancer or a
/// monitoring check. A caller that ``StatusAccess`` lets in gets each adapter's state, the outbox's
/// depth and what storage said; anyone else gets the word `ok` or `down` and nothing more.
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
                status: healthy ? "ok" : "unavailable", storage: storage, adapters: adapters, outboxPending: pending),
            status: status)
    }
}
