import CCurl
import Foundation
import HomeroomEngine

/// The school's SMTP server as ``EmailDelivery`` names it, reached through libcurl's easy
/// interface: STARTTLS (required unless `requireTLS` is off) or TLS from the start, the server's
/// certificate verified (against `caFile` when given), AUTH with the account, one recipient per
/// message. libcurl blocks, so each transfer runs on a thread of its own, never on one of the
/// concurrency pool's few threads.
struct SMTPClient: Sendable {
    let delivery: EmailDelivery
    /// The most one transfer may take, connection included.
    let timeout: Duration

    /// libcurl's global state, set up once for the process before the first transfer.
    private static let curlIsReady: Bool = homeroom_curl_global_init() == CURLE_OK

    /// Sends `message` from the configured address to `recipient`; throws ``DeliveryFailure``.
    func send(_ message: [UInt8], to recipient: EmailAddress) async throws {
        let failure: DeliveryFailure? = await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                continuation.resume(returning: transfer(message, to: recipient))
            }
            thread.name = "SMTP"
            thread.start()
        }
        if let failure { throw failure }
    }

    /// Runs one transfer and waits for it; nil when the server took the message.
    private func transfer(_ message: [UInt8], to recipient: EmailAddress) -> DeliveryFailure? {
        guard Self.curlIsReady, let curl = curl_easy_init() else {
            return DeliveryFailure("libcurl could not be started")
        }
        defer { curl_easy_cleanup(curl) }
        let transcript = SMTPTranscript(message: message)
        let transcriptPointer = Unmanaged.passUnretained(transcript).toOpaque()
        let recipients = curl_slist_append(nil, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        var curlSaid = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let milliseconds = max(1000, Int(timeout.components.seconds) * 1000)

        let code: CURLcode = curlSaid.withUnsafeMutableBufferPointer { errorBuffer in
            var setting = CURLE_OK
            func set(_ result: CURLcode) { if setting == CURLE_OK { setting = result } }
            set(homeroom_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress))
            set(homeroom_curl_set_string(curl, CURLOPT_URL, delivery.smtpURL.absoluteString))
            set(homeroom_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps"))
            set(homeroom_curl_set_long(curl, CURLOPT_NOSIGNAL, 1))
            set(homeroom_curl_set_long(curl, CURLOPT_TIMEOUT_MS, milliseconds))
            set(homeroom_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, min(milliseconds, 15_000)))
            let tls = delivery.requireTLS ? CURLUSESSL_ALL : CURLUSESSL_TRY
            set(homeroom_curl_set_long(curl, CURLOPT_USE_SSL, Int(tls.rawValue)))
            if let caFile = delivery.caFile { set(homeroom_curl_set_string(curl, CURLOPT_CAINFO, caFile)) }
            if let username = delivery.username, let password = delivery.password {
                set(homeroom_curl_set_string(curl, CURLOPT_USERNAME, username))
                set(homeroom_curl_set_string(curl, CURLOPT_PASSWORD, password))
            }
            set(homeroom_curl_set_string(curl, CURLOPT_MAIL_FROM, "<\(delivery.from)>"))
            set(homeroom_curl_set_list(curl, CURLOPT_MAIL_RCPT, recipients))
            set(homeroom_curl_set_long(curl, CURLOPT_UPLOAD, 1))
            set(homeroom_curl_set_read_function(curl, readMessage))
            set(homeroom_curl_set_pointer(curl, CURLOPT_READDATA, transcriptPointer))
            // The server's replies come through the debug function only; it keeps none of what
            // Homeroom sends (the AUTH line holds the password).
            set(homeroom_curl_set_debug_function(curl, keepReplies))
            set(homeroom_curl_set_pointer(curl, CURLOPT_DEBUGDATA, transcriptPointer))
            set(homeroom_curl_set_long(curl, CURLOPT_VERBOSE, 1))
            guard setting == CURLE_OK else { return setting }
            return withExtendedLifetime(transcript) { curl_easy_perform(curl) }
        }
        guard code != CURLE_OK else { return nil }
        let said = String(decoding: curlSaid.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let replyCode = homeroom_curl_response_code(curl)
        return SMTPFailure.classify(
            curlCode: code, replyCode: replyCode,
            serverSaid: transcript.lastReply(withCode: replyCode).map { Self.masking(recipient, in: $0) },
            curlSaid: said.isEmpty ? String(cString: curl_easy_strerror(code)) : said)
    }

    /// `text` with the recipient's address masked: servers quote it in their refusals, which go
    /// to logs and the dead letters.
    static func masking(_ address: EmailAddress, in text: String) -> String {
        text.replacingOccurrences(of: address.description, with: address.masked, options: .caseInsensitive)
    }
}

/// libcurl's read function: the next bytes of the transcript's message.
private let readMessage: curl_read_callback = { buffer, size, count, userData in
    guard let buffer, let userData else { return 0 }
    let (room, overflow) = size.multipliedReportingOverflow(by: count)
    let transcript = Unmanaged<SMTPTranscript>.fromOpaque(userData).takeUnretainedValue()
    return transcript.read(into: buffer, room: overflow ? Int.max : room)
}

/// libcurl's debug function: keeps the server's reply lines (`CURLINFO_HEADER_IN`) and nothing else.
private let keepReplies: curl_debug_callback = { _, type, data, size, userData in
    guard type == CURLINFO_HEADER_IN, let data, let userData, size > 0 else { return 0 }
    let transcript = Unmanaged<SMTPTranscript>.fromOpaque(userData).takeUnretainedValue()
    data.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
        transcript.received(UnsafeBufferPointer(start: bytes, count: size))
    }
    return 0
}
