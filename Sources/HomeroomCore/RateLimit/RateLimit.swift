/// A token-bucket limit: `burst` commands at once, refilled at `perMinute` commands a minute.
public struct RateLimit: Sendable, Hashable, Codable {
    /// How many commands may come at once.
    public var burst: Int
    /// How many commands a minute are allowed on average.
    public var perMinute: Double

    /// Creates a limit.
    public init(burst: Int, perMinute: Double) {
        self.burst = burst
        self.perMinute = perMinute
    }

    /// The default for every user: 5 at once, 20 a minute.
    public static let perUserDefault = RateLimit(burst: 5, perMinute: 20)
}
