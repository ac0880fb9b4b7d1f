import CZlib

/// Inflates a raw deflate stream (RFC 1951, as ZIP method 8 stores it) with zlib, stopping as soon as
/// the output would pass a bound: memory follows what the stream really yields, never what an
/// archive claims, and a zip bomb is refused after `bound` bytes, not after it has filled memory.
enum RawInflate {
    /// Why inflating stopped.
    enum Failure: Error, Equatable {
        /// The stream yields more than the bound.
        case pastBound
        /// The stream is not valid deflate data, or ends before its last block.
        case corrupt
    }

    private static let chunkSize = 65_536

    /// The bytes `compressed` inflates to, at most `bound` of them.
    static func inflate(_ compressed: ArraySlice<UInt8>, bound: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let outcome = compressed.withUnsafeBufferPointer { input -> Failure? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let (result, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (result, buffer.count - Int(stream.avail_out))
                }
                guard result == Z_OK || result == Z_STREAM_END else { return .corrupt }
                guard output.count <= bound - produced else { return .pastBound }
                output.append(contentsOf: chunk[0..<produced])
                if result == Z_STREAM_END { return nil }
            }
        }
        if let outcome { throw outcome }
        return output
    }
}
