import HomeroomCore
import HomeroomEngine
import Hummingbird
import NIOCore
import Prometheus
import Synchronization

/// `GET /metrics`: the Prometheus text format. Command counts and latencies are recorded as they
/// happen (through swift-metrics); adapter states, the outbox depth, this instance's name and the
/// duties it holds are read at each scrape.
struct MetricsEndpoint: Sendable {
    let registry: PrometheusCollectorRegistry
    let outbox: Outbox
    let adapterStatus: AdapterStatusBoard
    let roster: any DutyRoster
    /// Adapters that had a depth gauge once, and duties held once: their gauges go back to 0
    /// instead of keeping their last value.
    private let counted = Counted()

    private final class Counted: Sendable {
        let adapters = Mutex<Set<String>>([])
        let duties = Mutex<Set<Duty>>([])
    }

    static var adapterUp: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "homeroom_adapter_up", unitName: "",
            helpText: "1 when the adapter is connected or listening, 0 otherwise")
    }
    static var outboxPending: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "homeroom_outbox_pending", unitName: "", helpText: "Notifications waiting for delivery")
    }
    static var instanceInfo: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "homeroom_instance_info", unitName: "", helpText: "This instance's name in the duty roster")
    }
    static var dutyHeld: MetricNameDescriptor {
        MetricNameDescriptor(
            metricName: "homeroom_duty_held", unitName: "",
            helpText: "1 while this instance holds the duty (an IRC network, a job, an adapter's delivery), 0 otherwise"
        )
    }

    init(
        registry: PrometheusCollectorRegistry, outbox: Outbox, adapterStatus: AdapterStatusBoard, roster: any DutyRoster
    ) {
        self.registry = registry
        self.outbox = outbox
        self.adapterStatus = adapterStatus
        self.roster = roster
    }

    func respond() async -> Response {
        let statuses = adapterStatus.snapshot
        for (adapter, status) in statuses {
            registry.makeGauge(descriptor: Self.adapterUp, labels: [("adapter", adapter)])
                .set(to: status.state == .up ? 1.0 : 0.0)
        }
        if let counts = try? await outbox.pendingCounts() {
            let adapters = counted.adapters.withLock { names in
                names.formUnion(counts.keys)
                names.formUnion(statuses.keys)
                return names
            }
            for adapter in adapters {
                registry.makeGauge(descriptor: Self.outboxPending, labels: [("adapter", adapter)])
                    .set(to: Double(counts[adapter] ?? 0))
            }
        }
        registry.makeGauge(descriptor: Self.instanceInfo, labels: [("instance", roster.instanceID)]).set(to: 1.0)
        let held = roster.heldDuties
        let duties = counted.duties.withLock { duties in
            duties.formUnion(held.keys)
            return duties
        }
        for duty in duties {
            registry.makeGauge(descriptor: Self.dutyHeld, labels: [("duty", duty.name)])
                .set(to: held[duty] == nil ? 0.0 : 1.0)
        }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}
