import NIOCore

/// Splits the byte stream from the server into lines: a line ends at LF, with or without CR
/// before it (a bare `\n` ends a line too). A line longer than `maximumLength` (a broken or
/// hostile server) is dropped up to its end, whether its end came in the same read or not, so
/// at most `maximumLength` bytes of an unfinished line are ever kept.
struct IRCLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// What one look at the buffer found.
    enum Step: Equatable {
        /// A line, without its line ending.
        case line(ByteBuffer)
        /// An empty or overlong line went by.
        case skipped
        /// No line end yet.
        case needMoreData
    }

    /// Tags may take 8,191 bytes and the rest of the line 512 (IRCv3 message-tags).
    let maximumLength: Int
    private var discarding = false

    init(maximumLength: Int = 8191 + 512) {
        self.maximumLength = maximumLength
    }

    /// Takes the next line off `buffer`, if a whole one is there.
    mutating func next(from buffer: inout ByteBuffer) -> Step {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > maximumLength {
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                discarding = true
            }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        let endsWithCR = length > 0 && buffer.getInteger(at: newline - 1, as: UInt8.self) == UInt8(ascii: "\r")
        if discarding || length - (endsWithCR ? 1 : 0) > maximumLength {
            buffer.moveReaderIndex(forwardBy: length + 1)
            discarding = false
            return .skipped
        }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") {
            line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)!
        }
        return line.readableBytesView.isEmpty ? .skipped : .line(line)
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        switch next(from: &buffer) {
        case .line(let line):
            context.fireChannelRead(wrapInboundOut(line))
            return .continue
        case .skipped:
            return .continue
        case .needMoreData:
            return .needMoreData
        }
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
