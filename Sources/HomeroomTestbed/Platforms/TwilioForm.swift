import Foundation

/// `application/x-www-form-urlencoded` bodies as Twilio sends and takes them: parameters in order,
/// names repeatable. Decoding never traps on hostile input: a field whose percent-encoding is
/// malformed is kept as sent, and at most ``maximumFields`` fields are read.
enum TwilioForm {
    /// Fields past this many are ignored.
    static let maximumFields = 1_000

    /// The fields of `body`, `+` read as a space.
    static func decode(_ body: [UInt8]) -> [(name: String, value: String)] {
        String(decoding: body, as: UTF8.self).split(separator: "&", omittingEmptySubsequences: true)
            .prefix(maximumFields)
            .map { field in
                let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (name: unescape(parts[0]), value: parts.count > 1 ? unescape(parts[1]) : "")
            }
    }

    /// `fields` encoded, each name and value percent-encoded except RFC 3986's unreserved characters.
    static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
    }

    /// The first value of `name` in `fields`, if it is there.
    static func value(of name: String, in fields: [(name: String, value: String)]) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The first value of `name` in `fields`, if it is there and not empty.
    static func nonEmptyValue(of name: String, in fields: [(name: String, value: String)]) -> String? {
        value(of: name, in: fields).flatMap { $0.isEmpty ? nil : $0 }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static func unescape(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
