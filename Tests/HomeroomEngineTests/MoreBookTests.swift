import Testing

@testable import HomeroomEngine

/// The answers kept for `!more`, on their own: pages taken in order, a new answer in place of
/// the old, nothing kept forgotten, and the cap on answers kept at one time.
@Suite struct MoreBookTests {
    static let ada = MoreBook.Key(conversation: "#lunch", person: "ada")
    static let lines = (1...5).map { "line \($0)" }

    @Test func pagesAreTakenInOrderUntilNothingIsLeft() {
        var book = MoreBook(capacity: 10)
        book.keep(Self.lines, for: Self.ada)
        let first = book.take(2, for: Self.ada)
        let second = book.take(2, for: Self.ada)
        let last = book.take(2, for: Self.ada)
        #expect(first == MoreBook.Page(lines: ["line 1", "line 2"], remaining: 3))
        #expect(second == MoreBook.Page(lines: ["line 3", "line 4"], remaining: 1))
        #expect(last == MoreBook.Page(lines: ["line 5"], remaining: 0))
        let after = book.take(2, for: Self.ada)
        #expect(after == nil, "nothing is left once the last page was taken")
        #expect(book.count == 0)
    }

    @Test func aNewAnswerReplacesTheKeptOneAndNoLinesForgetIt() {
        var book = MoreBook(capacity: 10)
        let bo = MoreBook.Key(conversation: "#lunch", person: "bo")
        book.keep(Self.lines, for: Self.ada)
        book.keep(["bo's line"], for: bo)
        book.keep(["newer"], for: Self.ada)
        let newer = book.take(4, for: Self.ada)
        #expect(newer == MoreBook.Page(lines: ["newer"], remaining: 0))
        book.keep([], for: bo)
        let forgotten = book.take(4, for: bo)
        #expect(forgotten == nil)
        let elsewhere = book.take(4, for: MoreBook.Key(conversation: "ada", person: "ada"))
        #expect(elsewhere == nil, "what is kept in a channel is not what a direct message continues")
    }

    @Test func theOldestAnswerGoesWhenTheBookIsFull() {
        var book = MoreBook(capacity: 3)
        for number in 0..<3 {
            book.keep(["line of \(number)"], for: MoreBook.Key(conversation: "#lunch", person: "nick\(number)"))
        }
        // Keeping again under a key already there replaces it and pushes nobody out.
        book.keep(["again"], for: MoreBook.Key(conversation: "#lunch", person: "nick0"))
        #expect(book.count == 3)
        book.keep(["line of 3"], for: MoreBook.Key(conversation: "#lunch", person: "nick3"))
        #expect(book.count == 3)
        let pushedOut = book.take(4, for: MoreBook.Key(conversation: "#lunch", person: "nick1"))
        #expect(pushedOut == nil, "nick1's answer was the oldest once nick0's was kept again")
        let renewed = book.take(4, for: MoreBook.Key(conversation: "#lunch", person: "nick0"))
        #expect(renewed == MoreBook.Page(lines: ["again"], remaining: 0))
    }

    @Test func aPageOfNoLinesOrLessTakesNothingAndAnEmptyCapStillKeepsOne() {
        var book = MoreBook(capacity: 0)
        #expect(book.capacity == 1)
        book.keep(Self.lines, for: Self.ada)
        let none = book.take(0, for: Self.ada)
        let negative = book.take(-3, for: Self.ada)
        #expect(none == MoreBook.Page(lines: [], remaining: 5))
        #expect(negative == MoreBook.Page(lines: [], remaining: 5))
        let all = book.take(5, for: Self.ada)
        #expect(all?.lines == Self.lines, "nothing was lost")
    }
}
