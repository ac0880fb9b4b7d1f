import Foundation
import HTMLText

/// Picks the recipe's picture the way the reference does: among the recipe's own images and the
/// page's `og:image` tags, the largest (by the width and height given beside it, or written in its
/// address as `1200x800` or `?w=1200&h=800`), then one served over https, then the first.
struct RecipeImage {
    private struct Candidate {
        var address: String
        var width: Int?
        var height: Int?
        let order: Int
    }

    private var candidates: [Candidate] = []
    private var positions: [String: Int] = [:]

    init(schemaImage: LinkedDataValue?, metaTags: [PageScanner.Attributes]) {
        if let schemaImage {
            if let first = schemaImage.list.first { add(first) }
            for image in schemaImage.list { add(image) }
        }
        var current: String?
        for tag in metaTags {
            let property = (tag["property"] ?? tag["name"] ?? "").lowercased()
            guard let content = tag["content"], !content.isEmpty else { continue }
            switch property {
            case "og:image", "og:image:url", "og:image:secure_url":
                current = content.trimmingCharacters(in: .whitespaces)
                merge(Candidate(address: current!, order: candidates.count))
            case "og:image:width", "og:image:height":
                guard let current else { continue }
                let size = Self.dimension(.string(content))
                merge(
                    Candidate(
                        address: current, width: property.hasSuffix("width") ? size : nil,
                        height: property.hasSuffix("height") ? size : nil, order: candidates.count))
            default: continue
            }
        }
    }

    /// The best picture's address, or nil when there is none.
    var best: String? {
        candidates.max { score($0) < score($1) }?.address
    }

    private mutating func add(_ image: LinkedDataValue) {
        if let address = image.string {
            let trimmed = address.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { merge(Candidate(address: trimmed, order: candidates.count)) }
            return
        }
        guard let address = (image["url"] ?? image["@id"] ?? image["contentUrl"])?.list.first?.string,
            !address.isEmpty
        else { return }
        merge(
            Candidate(
                address: address.trimmingCharacters(in: .whitespaces), width: Self.dimension(image["width"]),
                height: Self.dimension(image["height"]), order: candidates.count))
    }

    /// Adds `candidate`, or its size to the candidate with its address. Past
    /// ``RecipeLimits/maximumImageCandidates`` new addresses, and addresses longer than
    /// ``RecipeLimits/maximumAddressLength``, are not considered.
    private mutating func merge(_ candidate: Candidate) {
        guard candidate.address.utf8.count <= RecipeLimits.maximumAddressLength else { return }
        guard let position = positions[candidate.address] else {
            guard candidates.count < RecipeLimits.maximumImageCandidates else { return }
            positions[candidate.address] = candidates.count
            candidates.append(candidate)
            return
        }
        if let width = candidate.width { candidates[position].width = max(candidates[position].width ?? 0, width) }
        if let height = candidate.height { candidates[position].height = max(candidates[position].height ?? 0, height) }
    }

    /// Area, https, earlier: compared in that order (a later candidate wins only when strictly better).
    private func score(_ candidate: Candidate) -> (Int, Int, Int) {
        var width = candidate.width
        var height = candidate.height
        if width == nil || height == nil || width == 0 || height == 0, let written = Self.writtenSize(candidate.address)
        {
            width = width.flatMap { $0 == 0 ? nil : $0 } ?? written.width
            height = height.flatMap { $0 == 0 ? nil : $0 } ?? written.height
        }
        let area: Int
        switch (width, height) {
        case (let width?, let height?) where width > 0 && height > 0: area = width * height
        case (let side?, _) where side > 0, (_, let side?) where side > 0: area = side * side
        default: area = 0
        }
        return (area, candidate.address.hasPrefix("https://") ? 1 : 0, -candidate.order)
    }

    /// The largest width or height believed, in pixels; a larger one is no size.
    private static let maximumSide = 100_000

    /// A width or height: a number, text starting with one ("1200px"), or a QuantitativeValue
    /// (at most a few levels of `value` in `value`).
    private static func dimension(_ value: LinkedDataValue?) -> Int? {
        var value = value
        for _ in 0..<4 {
            guard case .object? = value else { break }
            value = value?["value"] ?? value?["maxValue"] ?? value?["minValue"]
        }
        guard let text = value?.string, let digits = text.firstMatch(of: #/\d+/#), let side = Int(digits.output),
            side <= maximumSide
        else { return nil }
        return side
    }

    /// `1200x800` in the address, else both `w=`/`width=` and `h=`/`height=` in its query.
    private static func writtenSize(_ address: String) -> (width: Int, height: Int)? {
        if let match = address.firstMatch(of: #/(?:^|[^0-9])(\d{3,5})[xX](\d{3,5})(?:[^0-9]|$)/#),
            let width = Int(match.output.1), let height = Int(match.output.2)
        {
            return (width, height)
        }
        guard let width = address.firstMatch(of: #/(?i)[?&](?:w|width)=(\d{3,5})/#).flatMap({ Int($0.output.1) }),
            let height = address.firstMatch(of: #/(?i)[?&](?:h|height)=(\d{3,5})/#).flatMap({ Int($0.output.1) })
        else { return nil }
        return (width, height)
    }
}
