import Foundation

extension WhatsAppCloudAPIServer {
    /// How the messages to one recipient end, as their statuses tell it.
    public enum FinalStatus: Sendable, Equatable {
        /// `sent`, then `delivered`.
        case delivered
        /// `sent`, `delivered`, then `read`.
        case read
        /// `failed` with error `code`: 131026, "Message undeliverable", for a number that is not
        /// on WhatsApp or cannot take the message (Cloud API, "Error codes").
        case failed(code: Int)
    }

    /// Messages to `recipient` (digits, as `to` names them) end as `status`.
    public func setFinalStatus(_ status: FinalStatus, for recipient: String) {
        shared.state.withLock { $0.finalStatusByRecipient[recipient] = status }
    }

    /// Posts the statuses of the messages accepted so far that wait (each accepted message has
    /// one to three: see ``FinalStatus``) to the application's webhook at `url`, one notification
    /// each, signed as Meta signs them; returns how each was answered.
    @discardableResult
    public func deliverStatuses(to url: URL) async throws -> [WebhookAnswer] {
        let pending = shared.state.withLock { state in
            defer { state.pendingStatuses = [] }
            return state.pendingStatuses
        }
        var answers: [WebhookAnswer] = []
        for status in pending {
            answers.append(try await postNotification(changes: [statusValue(status)], to: url))
        }
        return answers
    }

    /// A change's `value` carrying `status`, as Meta posts one. Cloud API, "Webhooks — messages",
    /// status messages (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components
    /// — "Statuses object"): `id`, `status`, `timestamp`, `recipient_id`; `conversation` and
    /// `pricing` for a sent or delivered message; `errors` (`code`, `title`, `message`,
    /// `error_data.details`) for a failed one.
    func statusValue(_ status: WhatsAppCloudAPIState.PendingStatus) -> [String: Any] {
        var item: [String: Any] = [
            "id": status.messageID, "status": status.stage, "recipient_id": status.recipient,
            "timestamp": String(Int64(status.at.timeIntervalSince1970)),
        ]
        if let code = status.errorCode {
            item["errors"] = [
                [
                    "code": code, "title": "Message undeliverable", "message": "Message undeliverable",
                    "error_data": ["details": "Message Undeliverable."],
                ]
            ]
        } else {
            item["conversation"] = ["id": status.conversationID, "origin": ["type": "utility"]]
            item["pricing"] = ["billable": true, "pricing_model": "CBP", "category": "utility"]
        }
        return [
            "messaging_product": "whatsapp",
            "metadata": [
                "display_phone_number": Self.displayPhoneNumber,
                "phone_number_id": shared.state.withLock { $0.phoneNumberID },
            ],
            "statuses": [item],
        ]
    }
}

extension WhatsAppCloudAPIState {
    /// A status of an accepted message, waiting to be posted.
    struct PendingStatus: Sendable {
        /// The message's id, `wamid.…`.
        let messageID: String
        /// `sent`, `delivered`, `read` or `failed`.
        let stage: String
        /// The recipient's digits.
        let recipient: String
        /// The error code of a failure.
        let errorCode: Int?
        /// When the message reached the stage: when it was accepted, on the fake's date.
        let at: Date
        /// The conversation the message opened or belongs to.
        let conversationID: String
    }

    /// Queues the statuses that tell how `message` ends, as its recipient's ``WhatsAppCloudAPIServer/FinalStatus`` says.
    mutating func queueStatuses(of message: WhatsAppCloudAPIServer.AcceptedMessage) {
        let stages: [(stage: String, errorCode: Int?)] =
            switch finalStatusByRecipient[message.to] ?? .delivered {
            case .delivered: [("sent", nil), ("delivered", nil)]
            case .read: [("sent", nil), ("delivered", nil), ("read", nil)]
            case .failed(let code): [("failed", code)]
            }
        let conversation = "conversation-" + message.to
        for (stage, errorCode) in stages {
            pendingStatuses.append(
                PendingStatus(
                    messageID: message.id, stage: stage, recipient: message.to, errorCode: errorCode,
                    at: message.sentAt, conversationID: conversation))
        }
    }
}
