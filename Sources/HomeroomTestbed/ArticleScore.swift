/// The article-extraction benchmark's metric (the corpus's `score.py`): texts are split into
/// `\w+` tokens, compared as multisets of 4-token shingles; per page, true and false positives
/// and negatives are normalised by their sum; precision and recall are averaged over pages.
public struct ArticleScore: Sendable, Equatable {
    public private(set) var precision = 0.0
    public private(set) var recall = 0.0

    /// F1 of the averaged precision and recall.
    public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }

    /// Scores `predicted` against `expected`, both keyed by page id; a page missing from
    /// `predicted` counts as empty.
    public init(expected: [String: String], predicted: [String: String]) {
        var precisions: [Double] = []
        var recalls: [Double] = []
        for (page, truth) in expected {
            let (tp, fp, fn) = Self.match(truth, predicted[page] ?? "")
            if tp + fp > 0 { precisions.append(fp == 0 && fn == 0 ? 1 : tp == 0 && fp == 0 ? 0 : tp / (tp + fp)) }
            if tp + fn > 0 { recalls.append(fp == 0 && fn == 0 ? 1 : tp == 0 && fn == 0 ? 0 : tp / (tp + fn)) }
        }
        precision = precisions.isEmpty ? 0 : precisions.reduce(0, +) / Double(precisions.count)
        recall = recalls.isEmpty ? 0 : recalls.reduce(0, +) / Double(recalls.count)
    }

    private static func match(_ truth: String, _ prediction: String) -> (Double, Double, Double) {
        let expected = shingles(truth)
        let predicted = shingles(prediction)
        var tp = 0.0
        var fp = 0.0
        var fn = 0.0
        for key in Set(expected.keys).union(predicted.keys) {
            let t = Double(expected[key] ?? 0)
            let p = Double(predicted[key] ?? 0)
            tp += min(t, p)
            fp += max(0, p - t)
            fn += max(0, t - p)
        }
        let sum = tp + fp + fn
        return sum > 0 ? (tp / sum, fp / sum, fn / sum) : (tp, fp, fn)
    }

    private static func shingles(_ text: String) -> [[String]: Int] {
        var tokens: [String] = []
        var current = ""
        for character in text {
            // Python's \w: letters, digits (any script) and the underscore.
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        var counts: [[String]: Int] = [:]
        for start in 0..<max(1, tokens.count - 3) {
            let shingle = Array(tokens[start..<min(tokens.count, start + 4)])
            if !shingle.isEmpty { counts[shingle, default: 0] += 1 }
        }
        return counts
    }
}
