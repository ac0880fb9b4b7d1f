/// What one person may do: capabilities granted by their roles, and anti-capabilities that deny.
///
/// Capabilities are named after commands: `lunch` for `/lunch`, `lunch.set` for `/lunch set`.
/// A grant covers the name and everything below it (`lunch` covers `lunch.set`); `*` covers all.
/// An anti-capability is written with a leading `-` (`-news`, `-*`) and wins over every grant.
public struct CapabilitySet: Sendable, Equatable {
    /// The granted capability patterns.
    public private(set) var grants: Set<String>
    /// The denied capability patterns (stored without the `-`).
    public private(set) var denials: Set<String>

    /// The empty set: no grants, no denials.
    public static let none = CapabilitySet(grants: [], denials: [])

    /// Creates a set.
    public init(grants: Set<String> = [], denials: Set<String> = []) {
        self.grants = grants
        self.denials = denials
    }

    /// Builds a set from written patterns, `-` marking a denial.
    public init(patterns: some Sequence<String>) {
        var grants = Set<String>()
        var denials = Set<String>()
        for pattern in patterns {
            if pattern.hasPrefix("-") {
                denials.insert(String(pattern.dropFirst()))
            } else {
                grants.insert(pattern)
            }
        }
        self.init(grants: grants, denials: denials)
    }

    /// Adds another set's grants and denials.
    public mutating func formUnion(_ other: CapabilitySet) {
        grants.formUnion(other.grants)
        denials.formUnion(other.denials)
    }

    /// True when a grant covers `capability` and no denial does.
    public func allows(_ capability: String) -> Bool {
        !denies(capability) && grants.contains { CapabilitySet.pattern($0, covers: capability) }
    }

    /// True when a denial covers `capability`.
    public func denies(_ capability: String) -> Bool {
        denials.contains { CapabilitySet.pattern($0, covers: capability) }
    }

    /// True when `pattern` names `capability` or one of its parents, or is `*`.
    package static func pattern(_ pattern: String, covers capability: String) -> Bool {
        if pattern == "*" || pattern == capability { return true }
        let stem = pattern.hasSuffix(".*") ? String(pattern.dropLast(2)) : pattern
        return capability.count > stem.count && capability.hasPrefix(stem)
            && capability[capability.index(capability.startIndex, offsetBy: stem.count)] == "."
    }
}
