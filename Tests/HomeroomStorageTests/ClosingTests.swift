import Foundation
import HomeroomCore
import HomeroomTesting
import Logging
import SQLKit
import Synchronization
import Testing

@testable import HomeroomStorage

/// Closing an SQLite store while a task that outlived its runtime still queries it: the query
/// under way finishes, and commits, before the connections close; a query that starts after is
/// refused with a named error, instead of stepping a statement on a freed handle.
@Suite struct ClosingTests {
    /// A signal one task gives and another awaits, once.
    final class Signal: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() { (stream, continuation) = AsyncStream.makeStream() }

        func give() { continuation.yield() }

        func wait() async {
            for await _ in stream { return }
        }
    }

    @Test func aWriteUnderWayWhenClosingBeginsCommitsAndALaterQueryIsRefused() async throws {
        let temporary = try await TemporaryDatabase.make(.sqlite)
        let store = try await temporary.open()
        try await store.write { db in try await db.raw("CREATE TABLE notes (text TEXT NOT NULL)").run() }

        let started = Signal()
        let release = Signal()
        let writing = Task {
            try await store.write { db in
                started.give()
                await release.wait()
                try await db.raw("INSERT INTO notes (text) VALUES ('kept')").run()
            }
        }
        await started.wait()
        let closed = Atomic(false)
        let closing = Task {
            await store.close()
            closed.store(true, ordering: .sequentiallyConsistent)
        }
        try await eventually("closing has begun and refuses new queries") {
            do {
                _ = try await store.read { db in try await db.raw("SELECT 1").run() }
                return false
            } catch is DatabaseClosed {
                return true
            }
        }
        let closedEarly = closed.load(ordering: .sequentiallyConsistent)
        #expect(!closedEarly, "the close waits for the write under way")
        release.give()
        try await writing.value
        await closing.value

        let reopened = try await temporary.open()
        let rows = try await reopened.read { db in try await db.raw("SELECT text FROM notes").all() }
        #expect(try rows.map { try $0.decode(column: "text", as: String.self) } == ["kept"])
        await reopened.close()
        try await temporary.destroy()
    }

    @Test func closingWithNothingUnderWayEndsAtOnceAndRefusesWrites() async throws {
        let temporary = try await TemporaryDatabase.make(.sqlite)
        let store = try await temporary.open()
        await store.close()
        await #expect(throws: DatabaseClosed.self) {
            try await store.write { db in try await db.raw("SELECT 1").run() }
        }
        try await temporary.destroy()
    }
}
