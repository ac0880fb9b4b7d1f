/// Finds the rules for a TZID: the system's tz database for IANA names and their common disguises
/// (Mozilla's `/mozilla.org/…/Europe/Berlin`, `posix/…`), then the file's own VTIMEZONE, then the
/// Windows names Outlook and Exchange write, then `UTC`/`GMT` spellings.
struct ZoneResolver: Sendable {
    /// The file's VTIMEZONEs by TZID (the last of a name wins); built only when a name is asked for.
    private var definitions: [String: Component] = [:]

    init(timeZones: [Component]) {
        for component in timeZones {
            guard let tzid = component.property("TZID")?.value.trimmingASCIISpaces(), !tzid.isEmpty else { continue }
            definitions[tzid] = component
        }
    }

    /// The rules for a TZID, or nil when nothing by that name is known; the VTIMEZONE's error when the
    /// file defines it badly and nothing else knows the name. Building a VTIMEZONE spends `budget`;
    /// when none is left, the file's definition is passed over.
    func rules(for tzid: String, budget: inout ZoneBudget) throws(ICalendarError) -> ZoneRules? {
        let name = tzid.trimmingASCIISpaces()
        for candidate in Self.ianaCandidates(for: name) {
            if let rules = ZoneRules.system(candidate) { return rules }
        }
        var brokenDefinition: ICalendarError?
        if let component = definitions[name] {
            if budget.builds > 0 {
                budget.builds -= 1
                do {
                    return try VTimeZone.rules(from: component, identifier: name, steps: &budget.steps)
                } catch {
                    brokenDefinition = error
                }
            } else {
                budget.refused += 1
            }
        }
        if let iana = WindowsZoneNames.iana[name] { return ZoneRules.system(iana) }
        if let offset = Self.fixedOffset(name) { return .fixed(name, offset: offset) }
        if let brokenDefinition { throw brokenDefinition }
        return nil
    }

    private static func ianaCandidates(for name: String) -> [String] {
        guard !name.isEmpty, !name.contains(" ") else { return [] }
        var candidates = [name]
        let parts = name.split(separator: "/")
        if name.hasPrefix("/") || name.hasPrefix("posix/") || name.hasPrefix("right/") {
            if parts.count >= 2 { candidates.append(parts.suffix(2).joined(separator: "/")) }
            if parts.count >= 3 { candidates.append(parts.suffix(3).joined(separator: "/")) }
        }
        // A bare abbreviation or a made-up name is not worth asking the tz database about.
        return candidates.filter { $0.contains("/") || $0 == "UTC" || $0 == "GMT" }
    }

    /// `UTC`, `GMT`, `Z`, `Etc/UTC`, `UTC+11`, `GMT-0300`.
    private static func fixedOffset(_ name: String) -> Int? {
        let upper = name.uppercased()
        if ["UTC", "GMT", "Z", "UT", "ETC/UTC", "ETC/GMT"].contains(upper) { return 0 }
        for prefix in ["UTC", "GMT"] where upper.hasPrefix(prefix) {
            let rest = upper.dropFirst(prefix.count)
            guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
            let digits = rest.dropFirst().filter { $0 != ":" }
            guard let number = Int(digits), !digits.isEmpty else { return nil }
            let (hours, minutes) = digits.count <= 2 ? (number, 0) : (number / 100, number % 100)
            guard hours < 24, minutes < 60 else { return nil }
            return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
        return nil
    }
}
