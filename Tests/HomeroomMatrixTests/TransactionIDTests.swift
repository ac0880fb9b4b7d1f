import Testing

@testable import HomeroomMatrix

/// Transaction ids: readable where the key allows, hashed where it does not, always the same for
/// the same key, never longer than 200 characters.
@Suite struct TransactionIDTests {
    @Test func aShortPrintableOutboxKeyIsUsedAsItIs() {
        #expect(TransactionID.forOutbox(idempotencyKey: "circle:7:post:42") == "homeroom-circle:7:post:42")
    }

    @Test(arguments: ["lunch menu", "Mensa: Käse", "", "line\nbreak", String(repeating: "k", count: 101)])
    func anUnreadableOrLongOutboxKeyIsHashed(key: String) throws {
        let id = TransactionID.forOutbox(idempotencyKey: key)
        let hash = try #require(id.split(separator: "-", maxSplits: 1).last)
        #expect(id.hasPrefix("homeroom-"))
        #expect(hash.count == 64)
        #expect(hash.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(TransactionID.forOutbox(idempotencyKey: key) == id, "the same key gives the same id")
    }

    @Test func theHashIsSHA256OfTheKey() {
        // SHA-256 of the empty string.
        #expect(
            TransactionID.forOutbox(idempotencyKey: "")
                == "homeroom-e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func differentKeysGiveDifferentIDs() {
        let first = TransactionID.forOutbox(idempotencyKey: "news 1")
        let second = TransactionID.forOutbox(idempotencyKey: "news 2")
        #expect(first != second)
    }

    @Test func aKeyOfAHundredCharactersStaysReadable() {
        let key = String(repeating: "k", count: 100)
        #expect(TransactionID.forOutbox(idempotencyKey: key) == "homeroom-" + key)
    }

    @Test func aReplyIDNamesWhatItAnswers() {
        #expect(TransactionID.forReply(unique: "$abc:school.example-1") == "reply-$abc:school.example-1")
    }

    @Test(arguments: [String(repeating: "e", count: 195), "$event id with spaces", ""])
    func aLongOrUnprintableReplyIDIsHashedWithinTheLimit(unique: String) {
        let id = TransactionID.forReply(unique: unique)
        #expect(id.hasPrefix("reply-"))
        #expect(id.count == "reply-".count + 64)
    }

    @Test func aReplyIDAtTheLimitIsKept() {
        let unique = String(repeating: "e", count: 194)
        let id = TransactionID.forReply(unique: unique)
        #expect(id == "reply-" + unique)
        #expect(id.count == TransactionID.longest)
    }
}
