import Foundation

/// How PIN logins behave: how long one lasts, and how many wrong PINs lock an identity for how long.
package struct LoginPolicy: Sendable, Equatable {
    /// Wrong PINs in a row that lock the identity.
    package var maxFailures: Int
    /// How long a lock lasts.
    package var lockout: TimeInterval
    /// How long a login lasts.
    package var sessionLength: TimeInterval
    /// The fewest digits a PIN may have.
    package var minimumPINLength: Int

    /// Creates a policy; the defaults are 5 failures, a 15-minute lock, 8-hour logins and 4-digit PINs.
    package init(
        maxFailures: Int = 5, lockout: TimeInterval = 15 * 60, sessionLength: TimeInterval = 8 * 3600,
        minimumPINLength: Int = 4
    ) {
        self.maxFailures = maxFailures
        self.lockout = lockout
        self.sessionLength = sessionLength
        self.minimumPINLength = minimumPINLength
    }
}
