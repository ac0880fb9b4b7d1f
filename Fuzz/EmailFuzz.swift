import Foundation
import HomeroomEmail

/// libFuzzer entry: what reaches the e-mail adapter from outside. The first byte, modulo 4, picks
/// the reader; the rest is its input:
/// 0. an unsubscribe token from a link's `?t=`, verified against a fixed secret;
/// 1. a one-click unsubscribe's posted body; the second byte picks its content type;
/// 2. an address, as the roster links it (`email:ADDRESS`);
/// 3. a notification's first line written as the `Subject` header and a display name as `From`,
///    which must stay one header each, in ASCII, with no line break of their own.
@_cdecl("LLVMFuzzerTestOneInput")
func emailFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text = String(decoding: bytes, as: UTF8.self)
    switch data[0] % 4 {
    case 0: readToken(text)
    case 1: readOneClick(bytes)
    case 2: readAddress(text)
    default: writeHeaders(text)
    }
    return 0
}

private let secret = "fuzzing-unsubscribe-secret"

private func readToken(_ text: String) {
    do throws(UnsubscribeToken.Refusal) {
        let address = try UnsubscribeToken.verify(text, secret: secret, now: Date(timeIntervalSince1970: 0))
        precondition(EmailAddress(address.description) == address, "a token gave an address that does not read back")
    } catch {
        _ = error.description
    }
}

private func readOneClick(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let types = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=b", "text/plain", ""]
    _ = OneClickBody.isOneClick(Array(bytes.dropFirst()), contentType: types[Int(first) % types.count])
}

private func readAddress(_ text: String) {
    guard let address = EmailAddress(text) else { return }
    let written = address.description
    precondition(written.utf8.count <= 254, "an address past 254 bytes")
    precondition(!written.utf8.contains { $0 <= 0x20 || $0 >= 0x7F || "<>,;:\"()[]\\".utf8.contains($0) }, "\(written)")
    precondition(written == written.lowercased(), "an address not lower-cased")
    precondition(address.masked.hasSuffix("@" + address.domain), "a mask without its domain")
}

private func writeHeaders(_ text: String) {
    let address = EmailAddress("homeroom@school.example")!
    for field in [
        MailHeader.unstructured("Subject", text), MailHeader.mailbox("From", displayName: text, address: address),
    ] {
        let lines = field.components(separatedBy: "\r\n")
        precondition(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") }, "a header line that is not a fold")
        for line in lines {
            precondition(line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "a header with a control or non-ASCII byte")
            precondition(line.utf8.count <= 998, "a header line past 998 bytes")
        }
    }
}
