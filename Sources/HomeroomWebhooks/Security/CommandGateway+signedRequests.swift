extension CommandGateway {
    /// Checks a request signed over a timestamp and its body (Slack, Discord): the timestamp is
    /// near the clock, the signature header is there and `isValid` for it, and the signature was
    /// not seen before. Throws 401 naming what failed.
    func checkSignedRequest(
        _ request: RawRequest, signatureHeader: String, timestampHeader: String, replays: ReplayGuard,
        platform: String, isValid: (_ signature: String, _ timestamp: String) -> Bool
    ) throws(WebhookRejection) {
        let timestamp = request.header(timestampHeader)
        let signedAt = try checkTimestamp(timestamp, name: timestampHeader)
        guard let signature = request.header(signatureHeader) else {
            throw .unauthorized("the \(signatureHeader) header is missing")
        }
        guard isValid(signature, timestamp ?? "") else {
            throw .unauthorized("the \(platform) signature does not match")
        }
        guard replays.firstUse(of: signature, signedAt: signedAt, now: clock.now) else {
            throw .unauthorized("this request was already received (a replay)")
        }
    }
}
