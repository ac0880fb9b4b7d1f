import NIOCore

/// Splits the byte stream from the server into lines: a line ends at LF, with or without CR
/// before it (a bare `\n` ends a line too). A line longer than `maximumLength` (a broken or
/// hostile server) is dropped up to its end instead of being buffered without bound.
struct IRCLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    /// Tags may take 8,191 bytes and the rest of the line 512 (IRCv3 message-tags).
    let maximumLength: Int
    private var discarding = false

    init(maximumLength: Int = 8191 + 512) {
        self.maximumLength = maximumLength
    }

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > maximumLength {
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                discarding = true
            }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if discarding {
            discarding = false
            return .continue
        }
        if line.readableBytesView.last == UInt8(ascii: "\r") {
            line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)!
        }
        if !line.readableBytesView.isEmpty { context.fireChannelRead(wrapInboundOut(line)) }
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
