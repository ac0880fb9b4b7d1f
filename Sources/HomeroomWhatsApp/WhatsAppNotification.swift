import Foundation
import HomeroomCore
import HomeroomEngine
import JSONReading

/// What one webhook post of the Cloud API carries for the configured business number, read from
/// `entry[].changes[].value` ("Webhooks — messages" reference): the messages people sent and the
/// statuses of the messages Homeroom sent. One entry, change or item that cannot be read is
/// skipped with its reason and the rest is kept.
package struct WhatsAppNotification: Sendable, Equatable {
    /// The messages people sent, in order.
    package var messages: [WhatsAppIncomingMessage] = []
    /// The statuses of sent messages, in order.
    package var statuses: [WhatsAppStatus] = []
    /// Why each skipped part was skipped, for the log (English).
    package var skipped: [String] = []

    /// The longest body read.
    package static let maximumBytes = 1_048_576
    /// The deepest nesting of arrays and objects read: the payload needs 8.
    static let maximumDepth = 32
    /// The most entries, changes per entry, and messages plus statuses read from one post.
    static let maximumEntries = 100
    static let maximumChanges = 100
    static let maximumItems = 1_000
    /// The longest message id kept (Meta's `wamid.…` ids are about 60 characters).
    static let maximumIDLength = 256
    /// The longest text read: WhatsApp's own limit for a text message is 4,096 characters.
    static let maximumTextLength = 65_536

    package init() {}

    /// Reads `body`, keeping what is for the business number `phoneNumberID`.
    package static func read(_ body: [UInt8], phoneNumberID: String) throws(WhatsAppNotificationError)
        -> WhatsAppNotification
    {
        guard body.count <= maximumBytes else { throw .tooLarge }
        guard JSONStructure.nesting(of: body, isWithin: maximumDepth) else { throw .tooDeep }
        guard let root = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            throw .notJSONObject
        }
        guard root["object"] as? String == "whatsapp_business_account" else { throw .notWhatsApp }
        guard let entries = root["entry"] as? [Any] else { throw .noEntries }
        var notification = WhatsAppNotification()
        for (index, entry) in entries.prefix(maximumEntries).enumerated() {
            guard let changes = (entry as? [String: Any])?["changes"] as? [Any] else {
                notification.skipped.append("entry \(index) has no changes")
                continue
            }
            for (changeIndex, change) in changes.prefix(maximumChanges).enumerated() {
                let place = "entry \(index) change \(changeIndex)"
                guard let change = change as? [String: Any], let value = change["value"] as? [String: Any] else {
                    notification.skipped.append("\(place) has no value")
                    continue
                }
                guard change["field"] as? String == "messages" else {
                    notification.skipped.append("\(place) is not about messages")
                    continue
                }
                let metadata = value["metadata"] as? [String: Any]
                guard metadata?["phone_number_id"] as? String == phoneNumberID else {
                    notification.skipped.append("\(place) is for another business number")
                    continue
                }
                notification.read(value, at: place)
                if notification.messages.count + notification.statuses.count >= maximumItems { return notification }
            }
        }
        if entries.count > maximumEntries { notification.skipped.append("entries past \(maximumEntries)") }
        return notification
    }

    /// Reads the messages and statuses of one change's `value`.
    private mutating func read(_ value: [String: Any], at place: String) {
        for (index, item) in ((value["messages"] as? [Any]) ?? []).prefix(max(0, room)).enumerated() {
            if let message = WhatsAppIncomingMessage(item) {
                messages.append(message)
            } else {
                skipped.append("\(place) message \(index) is malformed")
            }
        }
        for (index, item) in ((value["statuses"] as? [Any]) ?? []).prefix(max(0, room)).enumerated() {
            if let status = WhatsAppStatus(item) {
                statuses.append(status)
            } else {
                skipped.append("\(place) status \(index) is malformed")
            }
        }
    }

    /// How many more messages and statuses one post may add.
    private var room: Int { Self.maximumItems - messages.count - statuses.count }

    /// `text` when it is a plausible id (printable ASCII, not too long).
    static func id(_ value: Any?) -> String? {
        guard let text = value as? String, (1...maximumIDLength).contains(text.utf8.count),
            text.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { return nil }
        return text
    }

    /// The number a `wa_id` (digits, no `+`) stands for.
    static func number(_ value: Any?) -> PhoneNumber? {
        guard let digits = value as? String, !digits.isEmpty, digits.utf8.count <= 15,
            digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return PhoneNumber("+" + digits, assumingNorthAmerica: false)
    }

    /// An error code: a whole number below 10^15 (a larger or fractional one is no code).
    static func code(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.isFinite, abs(double) < 1e15, double.rounded() == double else { return nil }
        return Int(double)
    }

    /// A Unix time in seconds, sent as a string of digits.
    static func date(_ value: Any?) -> Date? {
        guard let text = value as? String, (1...12).contains(text.utf8.count), let seconds = Int64(text),
            seconds >= 0
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

/// One message a person sent the business number.
package struct WhatsAppIncomingMessage: Sendable, Equatable {
    /// Meta's id for it (`wamid.…`); WhatsApp may post it more than once.
    package let id: String
    /// Who sent it: their WhatsApp number (`wa_id`), as Meta vouches for it.
    package let from: PhoneNumber
    /// When they sent it, by Meta's clock.
    package let sentAt: Date?
    /// Its type (`text`, `image`, …).
    package let type: String
    /// What it says, for a text message; nil for another type.
    package let text: String?

    /// The message `item` describes; nil when its id or sender is missing or malformed.
    init?(_ item: Any) {
        guard let item = item as? [String: Any], let id = WhatsAppNotification.id(item["id"]),
            let from = WhatsAppNotification.number(item["from"]), let type = item["type"] as? String,
            (1...32).contains(type.utf8.count)
        else { return nil }
        self.id = id
        self.from = from
        sentAt = WhatsAppNotification.date(item["timestamp"])
        self.type = type
        if type == "text" {
            guard let body = (item["text"] as? [String: Any])?["body"] as? String,
                body.utf8.count <= WhatsAppNotification.maximumTextLength
            else { return nil }
            text = body
        } else {
            text = nil
        }
    }
}

/// Where a message Homeroom sent got to (`sent`, `delivered`, `read`, `failed`).
package struct WhatsAppStatus: Sendable, Equatable {
    /// Meta's id of the sent message.
    package let messageID: String
    /// The stage it reached.
    package let stage: String
    /// Whom it was for.
    package let recipient: PhoneNumber?
    /// Meta's error codes, for a failure.
    package let errorCodes: [Int]
    /// When it reached the stage, by Meta's clock.
    package let reportedAt: Date?

    /// What the delivery report records of this status: delivered (a read message was delivered
    /// too); failed with Meta's error codes; nil for `sent` and any other stage.
    package var report: Outbox.DeliveryReport? {
        switch stage {
        case "delivered", "read": return .delivered
        case "failed":
            let codes =
                errorCodes.isEmpty ? "no error code" : "error " + errorCodes.map(String.init).joined(separator: ", ")
            return .undelivered(reason: "failed (\(codes))")
        default: return nil
        }
    }

    /// The status `item` describes; nil when its id or stage is missing or malformed.
    init?(_ item: Any) {
        guard let item = item as? [String: Any], let id = WhatsAppNotification.id(item["id"]),
            let stage = item["status"] as? String, (1...32).contains(stage.utf8.count),
            stage.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
        else { return nil }
        messageID = id
        self.stage = stage
        recipient = WhatsAppNotification.number(item["recipient_id"])
        reportedAt = WhatsAppNotification.date(item["timestamp"])
        errorCodes = ((item["errors"] as? [Any]) ?? []).prefix(10).compactMap { error in
            WhatsAppNotification.code((error as? [String: Any])?["code"])
        }
    }
}

/// Why a webhook post could not be read at all.
package enum WhatsAppNotificationError: Error, Equatable, CustomStringConvertible {
    case tooLarge, tooDeep, notJSONObject, notWhatsApp, noEntries

    package var description: String {
        switch self {
        case .tooLarge: "the body is larger than \(WhatsAppNotification.maximumBytes) bytes"
        case .tooDeep: "the JSON nests deeper than \(WhatsAppNotification.maximumDepth) levels"
        case .notJSONObject: "the body is not a JSON object"
        case .notWhatsApp: "the object is not whatsapp_business_account"
        case .noEntries: "there is no entry list"
        }
    }
}
