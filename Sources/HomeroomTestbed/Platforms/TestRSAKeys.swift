import _CryptoExtras

/// The RSA-2048 keys behind the fake platforms' tokens, made once per test process: a key takes a
/// good part of a second of CPU in a debug build, and the suites beside these time their deadlines
/// on the same two cores. Each number names one key (the numbers wrap around the few there are):
/// a test's published keys, a stranger's key and a service account's key are told apart by their
/// numbers, never by being made anew.
enum TestRSAKeys {
    /// How many different keys there are.
    static let count = 6

    private static let made: Result<[_RSA.Signing.PrivateKey], any Error> = Result {
        try (0..<count).map { _ in try _RSA.Signing.PrivateKey(keySize: .bits2048) }
    }

    /// Key `number`.
    static func key(_ number: Int) throws -> _RSA.Signing.PrivateKey {
        let keys = try made.get()
        return keys[((number % count) + count) % count]
    }
}
