import HomeroomCore
import Hummingbird
import NIOCore
import Prometheus
import Synchronization

/// `GET /metrics`: the Prometheus text format. Command counts and latencies are recorded as they
/// happen (through swift-metrics); adapter states and the outbox depth are read at each scrape.
struct MetricsEndpoint: Sendable {
    let registry: PrometheusCollectorRegistry
    let outbox: Outbox
    let adapterStatus: AdapterStatusBoard
    /// Adapters that had a depth gauge once: it goes back to 0 instead of keeping its last value.
    private let countedAdapters = CountedAdapters()

    private final class CountedAdapters: Sendable {
        let names = Mutex<Set<String>>([])
    }

    init(registry: PrometheusCollectorRegistry, outbox: Outbox, adapterStatus: AdapterStatusBoard) {
        self.registry = registry
        self.outbox = outbox
        self.adapterStatus = adapterStatus
    }

    func respond() async -> Response {
        let statuses = adapterStatus.snapshot
        for (adapter, status) in statuses {
            registry.makeGauge(
                name: "homeroom_adapter_up", labels: [("adapter", adapter)],
                help: "1 when the adapter is connected or listening, 0 otherwise"
            ).set(to: status.state == .up ? 1.0 : 0.0)
        }
        if let counts = try? await outbox.pendingCounts() {
            let adapters = countedAdapters.names.withLock { names in
                names.formUnion(counts.keys)
                names.formUnion(statuses.keys)
                return names
            }
            for adapter in adapters {
                registry.makeGauge(
                    name: "homeroom_outbox_pending", labels: [("adapter", adapter)],
                    help: "Notifications waiting for delivery"
                ).set(to: Double(counts[adapter] ?? 0))
            }
        }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}
