import HomeroomRuntime
import Testing

@Suite struct PBKDF2SecretHasherTests {
    let hasher = PBKDF2SecretHasher(rounds: 1000)

    @Test func aPINMatchesItsHashAndNothingElse() async throws {
        let stored = try hasher.hash("4321")
        #expect(stored.hasPrefix("pbkdf2-sha256$1000$"))
        #expect(!stored.contains("4321"))
        #expect(await hasher.verify("4321", against: stored))
        #expect(await !hasher.verify("4322", against: stored))
        #expect(await !hasher.verify("", against: stored))
    }

    @Test func hashesAreSaltedAndKeepTheirOwnRounds() async throws {
        #expect(try hasher.hash("4321") != hasher.hash("4321"))
        let old = try PBKDF2SecretHasher(rounds: 2000).hash("4321")
        #expect(await hasher.verify("4321", against: old))
    }

    @Test(arguments: ["", "plain", "pbkdf2-sha256$x$AA==$AA==", "md5$1000$AA==$AA==", "pbkdf2-sha256$1000$!!$AA=="])
    func malformedHashesNeverMatch(stored: String) async {
        #expect(await !hasher.verify("4321", against: stored))
    }
}
