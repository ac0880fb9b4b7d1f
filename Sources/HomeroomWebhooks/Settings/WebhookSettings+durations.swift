import NIOCore

extension WebhookSettings {
    /// ``idleTimeoutSeconds`` for the HTTP server.
    var idleTimeout: TimeAmount { .milliseconds(Self.milliseconds(idleTimeoutSeconds)) }
    /// ``readTimeoutSeconds`` for the HTTP server.
    var readTimeout: TimeAmount { .milliseconds(Self.milliseconds(readTimeoutSeconds)) }
    /// ``deliveryTimeoutSeconds`` for outgoing posts.
    package var deliveryTimeout: Duration { .milliseconds(Self.milliseconds(deliveryTimeoutSeconds)) }
    /// ``acknowledgeAfterSeconds`` for the answer handoff.
    package var acknowledgeAfter: Duration { .milliseconds(Self.milliseconds(acknowledgeAfterSeconds)) }

    /// `seconds` in whole milliseconds, from 1 ms to a day. Decoding holds every setting to a
    /// narrower range; settings built in code are clamped here instead of trapping.
    static func milliseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 1 }
        return Int64(min(max(seconds, 0.001), 86_400) * 1000)
    }
}
