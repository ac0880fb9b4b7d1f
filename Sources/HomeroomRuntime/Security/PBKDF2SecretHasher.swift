import Crypto
import Dispatch
import Foundation
import HomeroomCore
import HomeroomEngine
import _CryptoExtras

/// PIN hashing with PBKDF2-HMAC-SHA256 and a random 16-byte salt.
///
/// Stored as `pbkdf2-sha256$ROUNDS$SALT$DIGEST` (base64), so a hash keeps its own round count
/// when the configured one changes.
package struct PBKDF2SecretHasher: SecretHasher {
    static let scheme = "pbkdf2-sha256"
    /// Rounds for new hashes.
    package let rounds: Int

    /// Creates a hasher.
    package init(rounds: Int) {
        self.rounds = rounds
    }

    package func hash(_ secret: String) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let digest = try derive(secret, salt: salt, rounds: rounds)
        return [Self.scheme, String(rounds), salt.base64EncodedString(), digest.base64EncodedString()]
            .joined(separator: "$")
    }

    /// Derives the key on a thread of the global dispatch queue, not on the cooperative pool.
    package func verify(_ secret: String, against stored: String) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: verifyNow(secret, against: stored)) }
        }
    }

    private func verifyNow(_ secret: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == Self.scheme, let rounds = Int(parts[1]), rounds > 0,
            let salt = Data(base64Encoded: parts[2]), let expected = Data(base64Encoded: parts[3]),
            let actual = try? derive(secret, salt: salt, rounds: rounds)
        else { return false }
        return safeCompare(actual, expected)
    }

    private func derive(_ secret: String, salt: Data, rounds: Int) throws -> Data {
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(secret.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds)
        return key.withUnsafeBytes { Data($0) }
    }
}

/// Compares two byte strings in time that depends only on their lengths.
func safeCompare(_ a: Data, _ b: Data) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
}
