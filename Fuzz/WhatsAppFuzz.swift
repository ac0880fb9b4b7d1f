import Foundation
import HomeroomCore
import HomeroomWhatsApp

/// libFuzzer entry: what Meta posts to the WhatsApp webhook and what Homeroom cuts for it. The
/// first byte, modulo 4, picks the reader; the rest is its input:
/// 0. an event notification's body, read for the configured business number;
/// 1. an `X-Hub-Signature-256` header, parsed and checked against a fixed body;
/// 2. a verification request's query string;
/// 3. a notification's lines (one a line), cut into texts and template parameters.
@_cdecl("LLVMFuzzerTestOneInput")
func whatsAppFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 4 {
    case 0: readNotification(bytes)
    case 1: checkSignature(String(decoding: bytes, as: UTF8.self))
    case 2: _ = WhatsAppVerification.challenge(query: String(decoding: bytes, as: UTF8.self), verifyToken: "fuzz-token")
    default: cut(String(decoding: bytes, as: UTF8.self))
    }
    return 0
}

private let phoneNumberID = "106540352242922"

private func readNotification(_ bytes: [UInt8]) {
    let notification: WhatsAppNotification
    do throws(WhatsAppNotificationError) {
        notification = try WhatsAppNotification.read(bytes, phoneNumberID: phoneNumberID)
    } catch {
        _ = error.description
        return
    }
    precondition(notification.messages.count + notification.statuses.count <= 1_000, "items uncapped")
    for message in notification.messages {
        precondition(!message.id.isEmpty && message.id.utf8.count <= 256, "a message id out of bounds")
        precondition(PhoneNumber(message.from.e164, assumingNorthAmerica: false) == message.from, "a sender not E.164")
        precondition(message.text.map { $0.utf8.count <= 65_536 } ?? true, "a text past its cap")
        _ = message.from.masked
    }
    for status in notification.statuses {
        precondition(status.errorCodes.count <= 10, "error codes uncapped")
    }
}

private let signedBody = Array(#"{"object":"whatsapp_business_account","entry":[]}"#.utf8)

private func checkSignature(_ header: String) {
    if let bytes = WhatsAppSignature.bytes(of: header) {
        precondition(bytes.count == 32, "a signature of the wrong size")
    }
    let valid = WhatsAppSignature.isValid(header, for: signedBody, appSecret: "fuzz-secret")
    precondition(!valid || header.lowercased() == WhatsAppSignature.header(for: signedBody, appSecret: "fuzz-secret"))
}

private func cut(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(200).map(String.init)
    for part in WhatsAppTextParts.texts(lines) {
        precondition(part.utf16.count <= WhatsAppTextParts.maximumTextLength, "a text past 4096")
    }
    for parameter in WhatsAppTextParts.templateParameters(lines) {
        precondition(parameter.utf16.count <= WhatsAppTextParts.maximumParameterLength, "a parameter past its cap")
        precondition(!parameter.contains("\n") && !parameter.contains("\t") && !parameter.contains("     "))
    }
}
