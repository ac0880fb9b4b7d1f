import HomeroomCore
import HomeroomEngine

/// libFuzzer entry: a chat line as the dispatcher reads it. Recognised (in a channel and in a direct
/// message), split into words, and its first word matched against command names by edit distance.
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
    }
    return 0
}
