/// A QR code ready to print: the symbol with its quiet zone and a label under it, as a PNG
/// picture or as SVG.
public struct PrintableCode: Sendable {
    /// The symbol.
    public let code: QRCode
    /// The text printed under it (a checkpoint id).
    public let label: String

    /// Light modules around the symbol that readers need; the standard asks for four.
    static let quietZone = 4

    /// Encodes `text` and labels it.
    public init(encoding text: String, label: String) throws(QRCode.EncodingError) {
        code = try QRCode(encoding: text, correction: .medium)
        self.label = label
    }

    /// The picture, each module `moduleSize` pixels square, the label drawn in a pixel font
    /// under the symbol and scaled to fit its width.
    public func bitmap(moduleSize: Int = 10) -> Bitmap {
        let side = (code.size + 2 * Self.quietZone) * moduleSize
        let textWidthPerScale = max(1, label.count * PixelFont.advance - 1)
        let textScale = max(1, min(moduleSize, (side - 4 * moduleSize) / textWidthPerScale))
        let labelHeight = label.isEmpty ? 0 : PixelFont.glyphHeight * textScale + 2 * moduleSize
        var bitmap = Bitmap(width: side, height: side + labelHeight)
        let offset = Self.quietZone * moduleSize
        for y in 0..<code.size {
            for x in 0..<code.size where code.isDark(x: x, y: y) {
                bitmap.fill(
                    x: offset + x * moduleSize, y: offset + y * moduleSize, width: moduleSize, height: moduleSize)
            }
        }
        let textLeft = (side - textWidthPerScale * textScale) / 2
        PixelFont.draw(label, into: &bitmap, x: textLeft, y: side - moduleSize, scale: textScale)
        return bitmap
    }

    /// The picture as a PNG file.
    public func png(moduleSize: Int = 10) -> [UInt8] {
        PNGEncoder.encode(bitmap(moduleSize: moduleSize))
    }

    /// The code as an SVG file: one path for the dark modules and the label as text, sized
    /// `moduleSize` pixels a module (it scales without loss when printed).
    public func svg(moduleSize: Int = 10) -> String {
        let side = code.size + 2 * Self.quietZone
        var path = ""
        for y in 0..<code.size {
            var x = 0
            while x < code.size {
                guard code.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var end = x
                while end < code.size, code.isDark(x: end, y: y) { end += 1 }
                path += "M\(x + Self.quietZone) \(y + Self.quietZone)h\(end - x)v1h-\(end - x)z"
                x = end
            }
        }
        let labelHeight = label.isEmpty ? 0 : 4
        let height = side + labelHeight
        let text =
            label.isEmpty
            ? ""
            : """
            <text x="\(Double(side) / 2)" y="\(side + 1)" text-anchor="middle" font-family="DejaVu Sans Mono, monospace" \
            font-size="2.4" font-weight="bold" fill="#000">\(Self.escaped(label))</text>

            """
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side * moduleSize)" height="\(height * moduleSize)" \
            viewBox="0 0 \(side) \(height)" shape-rendering="crispEdges">
            <rect width="\(side)" height="\(height)" fill="#fff"/>
            <path d="\(path)" fill="#000"/>
            \(text)</svg>

            """
    }

    /// Letters and digits as they are, everything else as a character reference: safe in SVG text.
    private static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                ? String(scalar) : "&#\(scalar.value);"
        }.joined()
    }
}
