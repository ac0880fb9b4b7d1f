extension CommandGateway {
    /// Checks a request signed over a timestamp and its body (Slack, Discord, the JSON API): the
    /// timestamp is near the clock, the signature header is there, `decode` reads its bytes,
    /// `isValid` holds for them, and those bytes were not seen before (however the header wrote
    /// them). Throws 401 naming what failed (503 when the replay check cannot be made).
    package func checkSignedRequest(
        _ request: RawRequest, signatureHeader: String, timestampHeader: String, replays: ReplayGuard,
        platform: String, decode: (_ header: String) -> [UInt8]?,
        isValid: (_ signature: [UInt8], _ timestamp: String) -> Bool
    ) async throws(WebhookRejection) {
        let timestamp = request.header(timestampHeader)
        let signedAt = try checkTimestamp(timestamp, name: timestampHeader)
        guard let header = request.header(signatureHeader) else {
            throw .unauthorized("the \(signatureHeader) header is missing")
        }
        guard let signature = decode(header), isValid(signature, timestamp ?? "") else {
            throw .unauthorized("the \(platform) signature does not match")
        }
        guard try await replays.firstUse(of: signature, signedAt: signedAt, now: clock.now) else {
            throw .unauthorized("this request was already received (a replay)")
        }
    }
}
