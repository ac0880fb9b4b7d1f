/// An answer cut into text messages ("pages") of at most `maxSegments` segments each, so that a
/// long answer arrives as a few readable messages instead of many fragments. Every page that has
/// more after it ends with a note line from the caller (for example "Reply MORE for the rest
/// (2 more)"); the note is measured with its page, so a note in Vietnamese makes its page UCS-2
/// and the page is cut shorter to stay within the limit.
///
/// Pages are cut at a line break when one falls in the second half of the page, else at a space
/// there, else at the last character that fits; never inside a grapheme cluster (except one of
/// more than 16 scalars, which is cut between scalars) and never inside a surrogate pair. Spaces
/// and line breaks at a cut are dropped.
package struct TextPages: Sendable, Equatable {
    /// The segments a page may take when the caller does not say.
    package static let defaultMaxSegments = 3
    /// The page sizes accepted; others are clamped. Twilio refuses messages over 10 segments
    /// (1,600 characters).
    package static let segmentLimits = 1...10
    /// The Unicode scalars of an answer that are paged (line breaks between lines included);
    /// the rest is dropped, which bounds the work.
    package static let maxInputScalars = 20_000

    /// The pages in order, each with its note when more follow; empty for an empty answer.
    package let pages: [String]

    /// Pages `lines` (joined with "\n"), ending every page but the last with
    /// `note(remainingPages)`, the number of pages still to come after it. The note is shortened
    /// to half a page when longer, so that every page still carries some of the answer.
    package init(
        lines: [String], maxSegments: Int = defaultMaxSegments, note: (_ remainingPages: Int) -> String
    ) {
        let limit = min(max(maxSegments, Self.segmentLimits.lowerBound), Self.segmentLimits.upperBound)
        let pieces = PageCutter.pieces(of: lines, maxScalars: Self.maxInputScalars)
        guard !pieces.isEmpty else {
            pages = []
            return
        }
        pages = withoutActuallyEscaping(note) { note in
            var cutter = PageCutter(pieces: pieces, maxSegments: limit, makeNote: note)
            return cutter.pages()
        }
    }

    /// Pages `lines` with the same `note` on every page but the last.
    package init(lines: [String], maxSegments: Int = defaultMaxSegments, note: String) {
        self.init(lines: lines, maxSegments: maxSegments, note: { _ in note })
    }
}
