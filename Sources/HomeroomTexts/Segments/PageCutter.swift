/// The cutting behind `TextPages`: the answer as pieces (grapheme clusters, or the scalars of an
/// oversized one), measured with `SegmentCount` page by page.
///
/// A page's note depends on how many pages follow it, which is known only once the whole answer
/// is cut. Cutting runs front to back on an estimate of the page count and is kept when every
/// page fits with the note it actually gets. Cutting back to front instead always knows how many
/// pages follow (exact, but it leaves the short page first), so when two estimates fail its count
/// is the last estimate tried, and it is the answer when that fails too.
struct PageCutter {
    /// A grapheme cluster with more scalars than this is cut between its scalars; at most 32
    /// units, it leaves room on the smallest page for itself, a line break and a note.
    static let maxScalarsPerPiece = 16

    /// The answer, trimmed, in the pieces it may be cut between.
    let pieces: [String]
    /// The segments a page may take, notes included.
    let maxSegments: Int
    /// The caller's note for a page with this many pages after it.
    let makeNote: (_ remainingPages: Int) -> String
    /// Notes already made, shortened, by the number of pages after them.
    private var notes: [Int: String] = [:]

    init(pieces: [String], maxSegments: Int, makeNote: @escaping (_ remainingPages: Int) -> String) {
        self.pieces = pieces
        self.maxSegments = maxSegments
        self.makeNote = makeNote
    }

    /// `lines` joined with "\n", bounded to `maxScalars` scalars, trimmed of surrounding spaces
    /// and line breaks, as pieces.
    static func pieces(of lines: [String], maxScalars: Int) -> [String] {
        var text = String.UnicodeScalarView()
        var remaining = maxScalars
        for (index, line) in lines.enumerated() {
            if index > 0 {
                guard remaining > 0 else { break }
                text.append("\n")
                remaining -= 1
            }
            for scalar in line.unicodeScalars.prefix(remaining) {
                text.append(scalar)
                remaining -= 1
            }
        }
        var pieces: [String] = []
        for character in String(text) {
            if character.unicodeScalars.count > maxScalarsPerPiece {
                pieces.append(contentsOf: character.unicodeScalars.map { String($0) })
            } else {
                pieces.append(String(character))
            }
        }
        let first = pieces.firstIndex { !isBreak($0) } ?? pieces.endIndex
        let end = (pieces.lastIndex { !isBreak($0) } ?? first - 1) + 1
        return Array(pieces[first..<max(first, end)])
    }

    /// The rendered pages: cut front to back assuming one page to come after each (right when the
    /// note's length does not depend on the count), then assuming the count that cut gave, then
    /// assuming the exact count of the back to front cut; else that cut itself.
    mutating func pages() -> [String] {
        let first = cutFrontToBack(assumingPages: 1)
        if notesFit(first) { return render(first) }
        let second = cutFrontToBack(assumingPages: first.count)
        if notesFit(second) { return render(second) }
        let exact = cutBackToFront()
        let third = cutFrontToBack(assumingPages: exact.count)
        return render(notesFit(third) ? third : exact)
    }

    // MARK: Cutting

    /// Cuts greedily from the front, giving page `i` the note for `total - 1 - i` pages to come.
    private mutating func cutFrontToBack(assumingPages total: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < pieces.count {
            if fits(start..<pieces.count, note: nil) {
                ranges.append(start..<pieces.count)
                break
            }
            let note = self.note(remainingPages: max(total - 1 - ranges.count, 1))
            let end = furthestEnd(from: start, note: note)
            let cut = preferredEnd(in: start..<end)
            ranges.append(start..<cut)
            start = cut
            while start < pieces.count, Self.isBreak(pieces[start]) { start += 1 }
        }
        return ranges
    }

    /// Cuts greedily from the back, where the pages after each one are already counted.
    mutating func cutBackToFront() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var end = pieces.count
        while end > 0 {
            let note = ranges.isEmpty ? nil : self.note(remainingPages: ranges.count)
            let start = earliestStart(to: end, note: note)
            let cut = preferredStart(in: start..<end, note: note)
            ranges.append(cut..<end)
            end = cut
            while end > 0, Self.isBreak(pieces[end - 1]) { end -= 1 }
        }
        return ranges.reversed()
    }

    /// The largest `end` for which `start..<end` fits with `note`; a single piece always does.
    private func furthestEnd(from start: Int, note: String) -> Int {
        var low = start + 1
        var high = min(pieces.count, start + maxPiecesPerPage)
        while low < high {
            let middle = low + (high - low + 1) / 2
            if fits(start..<middle, note: note) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The smallest `start` for which `start..<end` fits with `note`; a single piece always does.
    private func earliestStart(to end: Int, note: String?) -> Int {
        var low = max(0, end - maxPiecesPerPage)
        var high = end - 1
        while low < high {
            let middle = low + (high - low) / 2
            if fits(middle..<end, note: note) { high = middle } else { low = middle + 1 }
        }
        return high
    }

    /// Where a page that may run to `range.upperBound` ends: at a line break in its second half,
    /// else at a space there, else at the upper bound.
    private func preferredEnd(in range: Range<Int>) -> Int {
        let half = range.lowerBound + (range.count + 1) / 2
        let last = min(range.upperBound, pieces.count - 1)
        guard last >= half else { return range.upperBound }
        for isPreferred in [Self.isLineBreak, Self.isSpace] {
            if let cut = (half...last).reversed().first(where: { isPreferred(pieces[$0]) }) { return cut }
        }
        return range.upperBound
    }

    /// Where a page that may start at `range.lowerBound` starts: after a line break in its first
    /// half, else after a space there, else at the lower bound.
    private func preferredStart(in range: Range<Int>, note: String?) -> Int {
        let first = max(range.lowerBound - 1, 0)
        let half = range.upperBound - (range.count + 1) / 2
        guard half > first else { return range.lowerBound }
        for isPreferred in [Self.isLineBreak, Self.isSpace] {
            let breaks = (first..<half).filter { isPreferred(pieces[$0]) }
            if let cut = breaks.first(where: { fits(($0 + 1)..<range.upperBound, note: note) }) { return cut + 1 }
        }
        return range.lowerBound
    }

    // MARK: Measuring

    /// No page holds more pieces than a segment of the most compact encoding holds units.
    private var maxPiecesPerPage: Int { maxSegments * SMSEncoding.gsm7.singleSegmentCapacity }

    /// True when every page but the last fits with the note it gets.
    private mutating func notesFit(_ ranges: [Range<Int>]) -> Bool {
        for (index, range) in ranges.enumerated().dropLast()
        where !fits(range, note: note(remainingPages: ranges.count - 1 - index)) {
            return false
        }
        return true
    }

    /// True when the page of `range` and `note` takes at most `maxSegments` segments.
    private func fits(_ range: Range<Int>, note: String?) -> Bool {
        range.count <= maxPiecesPerPage && SegmentCount(of: page(range, note: note)).segments <= maxSegments
    }

    /// The pages `ranges` cut, each but the last with its note.
    mutating func render(_ ranges: [Range<Int>]) -> [String] {
        ranges.enumerated().map { index, range in
            page(range, note: index < ranges.count - 1 ? note(remainingPages: ranges.count - 1 - index) : nil)
        }
    }

    /// The text of a page: the pieces of `range`, then the note on a line of its own.
    private func page(_ range: Range<Int>, note: String?) -> String {
        let text = pieces[range].joined()
        guard let note, !note.isEmpty else { return text }
        return text + "\n" + note
    }

    /// The caller's note for `remainingPages`, cut to half a page of UCS-2 units: with a piece of
    /// at most 32 units and a line break it then fits the smallest page in either encoding.
    private mutating func note(remainingPages: Int) -> String {
        if let made = notes[remainingPages] { return made }
        let encoding = SMSEncoding.ucs2
        let pageUnits =
            maxSegments == 1 ? encoding.singleSegmentCapacity : maxSegments * encoding.concatenatedSegmentCapacity
        var shortened = ""
        var units = 0
        for character in makeNote(remainingPages) {
            units += character.utf16.count
            guard units <= pageUnits / 2 else { break }
            shortened.append(character)
        }
        notes[remainingPages] = shortened
        return shortened
    }

    /// Pieces that are spaces or line breaks, dropped at cuts.
    private static func isBreak(_ piece: String) -> Bool { piece.first?.isWhitespace ?? false }
    private static func isLineBreak(_ piece: String) -> Bool { piece.first?.isNewline ?? false }
    private static func isSpace(_ piece: String) -> Bool { isBreak(piece) && !isLineBreak(piece) }
}
