import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird
import Logging

/// `POST /sms/twilio/status`: where a sent text got to, as the gateway reports it (Twilio's
/// "Outbound Message Status in Status Callbacks"), checked against its signature. `delivered`,
/// `undelivered` and `failed` are recorded on the text's outbox row for the delivery report (a
/// status of a text Homeroom did not send is ignored, a repeated or late one changes nothing). A
/// text that failed because its number opted out records the opt-out, so nothing more is tried;
/// failures are logged with the number masked.
struct TextStatusEndpoint: Sendable {
    let provider: any TextMessageProvider
    let optOuts: OptOutList
    let outbox: Outbox
    let clock: any HomeroomClock
    let logger: Logger

    func respond(to request: RawRequest, path: String) async throws(WebhookRejection) -> Response {
        let status = try provider.deliveryStatus(request, path: path)
        let number = status.to?.masked ?? "an unknown number"
        switch status.stage {
        case .failed, .undelivered:
            logger.warning(
                "the text \(status.messageID) to \(number) was \(status.stage.rawValue) (error \(status.errorCode.map(String.init) ?? "none"))"
            )
        default:
            logger.debug("the text \(status.messageID) to \(number) is \(status.stage.rawValue)")
        }
        if let report = status.report {
            do {
                let record = try await outbox.recordDelivery(
                    report, ofPlatformMessage: status.messageID, adapter: TextsPlatform.platform.rawValue, at: clock.now
                )
                if record == .unknownMessage { logger.debug("the text \(status.messageID) is none Homeroom sent") }
            } catch {
                logger.error("the delivery of the text \(status.messageID) could not be recorded: \(error)")
                throw WebhookRejection(.serviceUnavailable, "the status could not be recorded now")
            }
        }
        if status.recipientOptedOut, let to = status.to {
            do {
                try await optOuts.add(to.e164, how: "the gateway's report that the number opted out", at: clock.now)
            } catch {
                logger.error("the opt-out of \(number) could not be recorded: \(error)")
                throw WebhookRejection(.serviceUnavailable, "the status could not be recorded now")
            }
        }
        return Response(status: .noContent)
    }
}
