import Crypto

/// Transaction ids for `PUT /rooms/{roomId}/send/{eventType}/{txnId}`: the homeserver answers a
/// repeat of one (from the same device) with the first event's id instead of posting again, so a
/// retried delivery or answer is posted once.
package enum TransactionID {
    /// The longest transaction id made.
    package static let longest = 200
    /// The longest outbox key used as it is; a longer one is hashed.
    static let longestReadableKey = 100

    /// The transaction id of the outbox message with `idempotencyKey`: `homeroom-` and the key
    /// itself when it is at most 100 characters of printable ASCII, else `homeroom-` and the
    /// SHA-256 of its UTF-8 in hex. The same key always gives the same id.
    package static func forOutbox(idempotencyKey: String) -> String {
        let readable =
            idempotencyKey.utf8.count <= longestReadableKey && !idempotencyKey.isEmpty
            && idempotencyKey.utf8.allSatisfy { (0x21...0x7E).contains($0) }
        return "homeroom-" + (readable ? idempotencyKey : hex(idempotencyKey))
    }

    /// The transaction id of an answer: `reply-` and `unique` (for example the answered event's id
    /// and a counter), hashed as for the outbox when it is longer than fits or not printable ASCII.
    package static func forReply(unique: String) -> String {
        let readable =
            unique.utf8.count <= longest - "reply-".utf8.count && !unique.isEmpty
            && unique.utf8.allSatisfy { (0x21...0x7E).contains($0) }
        return "reply-" + (readable ? unique : hex(unique))
    }

    private static func hex(_ text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).map { byte in
            let digits = Array("0123456789abcdef")
            return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
        }.joined()
    }
}
