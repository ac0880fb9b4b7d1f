import Campus

/// How directions read in chat and on the page.
enum DirectionsText {
    /// `B-201 (Chemistry lab) from A1-ENTRANCE: 136 m, about 2 min`.
    static func heading(_ route: Directions, on campus: Campus) -> String {
        let start = campus.checkpoints[route.start].id
        let title = campus.title(of: route.destination)
        guard !route.path.edges.isEmpty else { return "\(title) from \(start): you're there" }
        let metres = Int(route.path.length.rounded())
        return "\(title) from \(start): \(metres) m, about \(route.minutes) min"
            + (route.accessible ? ", step-free" : "")
    }

    /// The chat answer: the heading, the numbered steps, and what to do next.
    static func chat(_ route: Directions, on campus: Campus) -> String {
        let steps = route.steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
        return ([heading(route, on: campus)] + steps + ["Scan the next code you pass for fresh directions."])
            .joined(separator: "\n")
    }

    /// What to say when the map has no way (or no stair-free way) from `start` to `destination`.
    static func noWay(from start: Int, to destination: Destination, accessible: Bool, on campus: Campus) -> String {
        "the map has no \(accessible ? "step-free way" : "way") from \(campus.checkpoints[start].id) to "
            + "\(campus.title(of: destination)) — the main office can help"
    }
}
