import Foundation

/// How PIN logins behave: how long one lasts, and how many wrong PINs lock an identity for how long.
package struct LoginPolicy: Sendable, Equatable {
    /// Wrong PINs in a row that lock the identity.
    package var maxFailures: Int
    /// How long the first lock lasts; each lock that follows another (no right PIN, and no quiet
    /// ``longestLockout`` between them) lasts twice as long as the one before, up to ``longestLockout``.
    package var lockout: TimeInterval
    /// The longest a lock lasts, and how long a quiet identity's past locks are remembered.
    package var longestLockout: TimeInterval
    /// How long a login lasts.
    package var sessionLength: TimeInterval
    /// The fewest digits a PIN may have.
    package var minimumPINLength: Int

    /// Creates a policy; the defaults are 5 failures, a 15-minute lock doubling up to a day,
    /// 8-hour logins and 4-digit PINs.
    package init(
        maxFailures: Int = 5, lockout: TimeInterval = 15 * 60, longestLockout: TimeInterval = 24 * 3600,
        sessionLength: TimeInterval = 8 * 3600, minimumPINLength: Int = 4
    ) {
        self.maxFailures = maxFailures
        self.lockout = lockout
        self.longestLockout = max(lockout, longestLockout)
        self.sessionLength = sessionLength
        self.minimumPINLength = minimumPINLength
    }

    /// How long a lock lasts that follows `earlierLocks` locks in a row: ``lockout`` doubled for
    /// each, at most ``longestLockout``.
    package func lockout(afterLocks earlierLocks: Int) -> TimeInterval {
        min(longestLockout, lockout * pow(2, Double(min(max(0, earlierLocks), 64))))
    }
}
