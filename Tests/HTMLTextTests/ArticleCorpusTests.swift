import Foundation
import HTMLText
import HomeroomTestbed
import HomeroomTesting
import Testing

/// The article corpus (`../shared/corpora/articles`): every page through the extractor that
/// `homeroom inspect article` runs, scored with the benchmark's shingle metric against the human
/// ground truth. The reference extractor scores F1 0.959 on these pages; the goal is 0.93.
@Suite struct ArticleCorpusTests {
    struct Truth: Decodable {
        let articleBody: String
    }

    @Test(.enabled(if: Corpus.isAvailable, "the shared corpora are not beside this package"))
    func extractionScoresAtLeastTheGoalOnTheCorpus() async throws {
        let folder = Corpus.root.appendingPathComponent("articles")
        let truth = try JSONDecoder().decode(
            [String: Truth].self, from: Data(contentsOf: folder.appendingPathComponent("ground-truth.json")))
        var predicted: [String: String] = [:]
        for page in truth.keys {
            let bytes = try await Corpus.gunzip(folder.appendingPathComponent("html/\(page).html.gz"))
            predicted[page] = ArticleExtractor.extract(fromPage: bytes)
        }
        #expect(truth.count == 149)
        let score = ArticleScore(expected: truth.mapValues(\.articleBody), predicted: predicted)
        #expect(score.f1 >= 0.93, "F1 \(score.f1) (precision \(score.precision), recall \(score.recall))")
        #expect(score.precision >= 0.9 && score.recall >= 0.9)
        // Every page yields some text: none of them is empty of an article.
        #expect(predicted.values.filter(\.isEmpty).count <= 1)
    }
}
