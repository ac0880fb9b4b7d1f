import CCurl
import HomeroomEngine

/// What a failed SMTP transfer means for the notification, from libcurl's result, the server's
/// last reply code and its words:
/// - a 5xx reply to the message or its recipient (550 no such user, 552, 554) is permanent: the
///   server will refuse it again, and says why;
/// - a 4xx reply (451, 452, 421: try later, RFC 5321 section 4.2.1) is retried;
/// - so is a refused sign-in (535) or a server without the required STARTTLS: the settings or
///   the server are wrong, not the message, which waits for them to be put right;
/// - a connection that failed, timed out or whose certificate did not verify is retried.
enum SMTPFailure {
    /// The failure of a transfer that ended with `curlCode` after the reply `replyCode` (0 for
    /// none), whose last words were `serverSaid`; `curlSaid` is libcurl's own message.
    static func classify(curlCode: CURLcode, replyCode: Int, serverSaid: String?, curlSaid: String) -> DeliveryFailure {
        let quoted = serverSaid.map { ": \"\($0)\"" } ?? ""
        switch curlCode {
        case CURLE_LOGIN_DENIED:
            return DeliveryFailure(
                "the mail server refused the username or password (webhooks.email)\(quoted); tried again later")
        case CURLE_USE_SSL_FAILED:
            return DeliveryFailure(
                "the mail server offers no STARTTLS and webhooks.email.requireTLS is on; nothing was sent\(quoted)")
        default:
            break
        }
        switch replyCode {
        case 500...599:
            return DeliveryFailure("the mail server refused the e-mail with \(replyCode)\(quoted)", isPermanent: true)
        case 400...499:
            return DeliveryFailure("the mail server answered \(replyCode)\(quoted); tried again later")
        default:
            return DeliveryFailure("the mail server could not be reached or did not finish: \(curlSaid)\(quoted)")
        }
    }
}
