/// A black-and-white picture, row-major, true for dark pixels.
public struct Bitmap: Sendable, Equatable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    private var pixels: [Bool]

    /// A light picture of the given size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Bool](repeating: false, count: width * height)
    }

    /// True when the pixel at `x`, `y` is dark.
    public func isDark(x: Int, y: Int) -> Bool { pixels[y * width + x] }

    /// Darkens a rectangle, clipped to the picture.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int) {
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) { pixels[row * width + column] = true }
        }
    }
}
