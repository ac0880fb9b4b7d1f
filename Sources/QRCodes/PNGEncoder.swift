import CZlib

/// Writes a ``Bitmap`` as a 1-bit greyscale PNG (zlib-compressed, the format every printer
/// driver and image viewer reads).
enum PNGEncoder {
    static func encode(_ bitmap: Bitmap) -> [UInt8] {
        let rowBytes = (bitmap.width + 7) / 8
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * bitmap.height)
        for y in 0..<bitmap.height {
            let start = y * (rowBytes + 1)
            // Filter byte 0 (none), then the pixels, 1 for light.
            for x in 0..<bitmap.width where !bitmap.isDark(x: x, y: y) {
                raw[start + 1 + x / 8] |= 0x80 >> UInt8(x % 8)
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(bitmap.width))
        header += bigEndian(UInt32(bitmap.height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, greyscale, deflate, adaptive filters, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header)
        file += chunk("IDAT", deflate(raw))
        file += chunk("IEND", [])
        return file
    }

    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(
                    destination.baseAddress, &capacity, source.baseAddress, uLong(source.count), Z_BEST_COMPRESSION)
            }
        }
        precondition(status == Z_OK, "zlib compress2 failed with \(status) on a buffer of its own bound")
        return Array(output.prefix(Int(capacity)))
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let checksum = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(UInt32(checksum))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
