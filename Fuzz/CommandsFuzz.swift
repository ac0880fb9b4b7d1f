import Foundation
import HomeroomCore
import HomeroomEngine

/// libFuzzer entry: a chat line as the dispatcher reads it. Recognised (in a channel and in a direct
/// message), split into words, its first word matched against command names by edit distance, and
/// its words read as `/announce` reads them. The line quoted as one word must read back whole.
private let now = Date(timeIntervalSince1970: 1_795_000_000)
private let calendar = SchoolCalendar(
    timeZone: TimeZone(identifier: "America/New_York")!, schoolDays: [.monday, .friday], language: .english)

@_cdecl("LLVMFuzzerTestOneInput")
func commandsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let recognizer = CommandRecognizer(prefixes: ["/", "!", "hr!"], botName: "homeroom")
    for conversation in [Conversation.channel("#lobby"), .direct] {
        guard let recognized = recognizer.recognize(text, in: conversation) else { continue }
        guard let words = try? ArgumentTokenizer.words(in: recognized.body), let name = words.first else { continue }
        for known in ["lunch", "schedule", "news", "directions", "recipe"] {
            _ = EditDistance.between(name.lowercased(), known)
        }
        _ = try? AnnouncementRequest(
            Array(words.dropFirst()), now: now, calendar: calendar, Words(.engine, .english))
    }
    if (try? ArgumentTokenizer.words(in: ArgumentTokenizer.quoted(text))) != [text] {
        fatalError("a quoted word did not read back whole")
    }
    return 0
}
