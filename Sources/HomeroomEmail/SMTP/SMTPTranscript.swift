/// What one SMTP transfer reads and writes while libcurl runs it on its thread: the message it
/// uploads, and the last lines the server replied. Made, used and dropped on that one thread;
/// libcurl's callbacks reach it through their user-data pointer.
final class SMTPTranscript {
    /// The longest server line kept, in bytes.
    static let maximumReplyLength = 300

    private let message: [UInt8]
    private var sent = 0
    /// The server's last reply lines, control characters dropped, oldest first.
    private(set) var replies: [String] = []
    /// How many reply lines are kept: libcurl ends a failed transfer with QUIT, whose answer
    /// comes after the refusal.
    static let keptReplies = 8

    /// A transfer uploading `message`.
    init(message: [UInt8]) {
        self.message = message
    }

    /// Copies the next bytes of the message into `buffer` of `room` bytes; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<CChar>, room: Int) -> Int {
        let count = min(max(0, room), message.count - sent)
        guard count > 0 else { return 0 }
        message.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + sent, byteCount: count)
        }
        sent += count
        return count
    }

    /// Keeps what the server replied (one or more lines, as libcurl hands them over).
    func received(_ bytes: UnsafeBufferPointer<UInt8>) {
        for line in bytes.prefix(4096).split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) where !line.isEmpty {
            let printable = line.prefix(Self.maximumReplyLength).filter { $0 >= 0x20 && $0 < 0x7F }
            replies.append(String(decoding: printable, as: UTF8.self))
            if replies.count > Self.keptReplies { replies.removeFirst() }
        }
    }

    /// The last reply line with `code` (`550 5.1.1 …`), else the last line; nil before the first.
    func lastReply(withCode code: Int) -> String? {
        replies.last { $0.hasPrefix(String(code)) } ?? replies.last
    }
}
