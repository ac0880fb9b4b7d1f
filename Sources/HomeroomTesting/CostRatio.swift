/// Compares the time of one piece of work with a reference measured in the same run, so that a
/// performance test states a ratio (the hostile input costs at most k times a benign one of the
/// same size; twice the input costs about twice the time) instead of a wall-clock bound that
/// depends on the machine and the build.
public enum CostRatio {
    /// The shortest of `runs` timings of `work`: the one least disturbed by whatever else the machine
    /// was doing.
    public static func fastest(runs: Int = 3, _ work: () throws -> Void) rethrows -> Duration {
        var best = Duration.seconds(Int64.max)
        for _ in 0..<max(1, runs) {
            let start = ContinuousClock.now
            try work()
            best = min(best, ContinuousClock.now - start)
        }
        return best
    }

    /// How many times longer `work` takes than `reference`, each the fastest of `runs`; the two are
    /// run in turn, so a slower moment of the machine slows both.
    public static func of(
        _ work: () throws -> Void, against reference: () throws -> Void, runs: Int = 3
    ) rethrows -> Double {
        var bestWork = Duration.seconds(Int64.max)
        var bestReference = Duration.seconds(Int64.max)
        for _ in 0..<max(1, runs) {
            bestReference = min(bestReference, try fastest(runs: 1, reference))
            bestWork = min(bestWork, try fastest(runs: 1, work))
        }
        return seconds(bestWork) / max(seconds(bestReference), 1e-6)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
