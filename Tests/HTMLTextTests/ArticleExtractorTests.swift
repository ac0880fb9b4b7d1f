import Foundation
import HTMLText
import Testing

/// The extractor on small pages built to show one rule each.
@Suite struct ArticleExtractorTests {
    static let story = [
        "The winter concert returns to the main hall on December 12, with the orchestra, the jazz band and both choirs performing a programme of seasonal music.",
        "Tickets are five dollars for students and ten for families, sold at the front office during lunch, and the proceeds fund new music stands for the band room.",
        "Ms. Rivera, who directs the choirs, said the students have rehearsed since October, and that the finale brings every performer on stage at once.",
    ]

    static func page(extra: String = "", head: String = "") -> String {
        """
        <!doctype html><html><head>\(head)<title>Concert</title></head><body>
        <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sports">Sports</a></nav>
        <div id="cookie-banner">We use cookies to improve your experience. Accept all cookies?</div>
        <header><h1>Winter Concert Returns</h1></header>
        <article class="post-content">
        <figure><img src="a.jpg"><figcaption>The choir at last year's concert, photographed by a parent volunteer.</figcaption></figure>
        \(story.map { "<p>\($0)</p>" }.joined(separator: "\n"))
        <div class="share-buttons"><a href="#">Share on Facebook</a> <a href="#">Tweet</a></div>
        </article>
        \(extra)
        <aside class="related"><h3>Related stories</h3><ul><li><a href="/a">Fall play announced for November</a></li><li><a href="/b">Band wins regional award</a></li></ul></aside>
        <div class="comments"><p>Great news, can't wait to see it, congratulations to everyone!</p></div>
        <footer>© Lincoln High School, 123 Main Street, all rights reserved.</footer>
        </body></html>
        """
    }

    @Test func keepsTheStoryParagraphsAndDropsTheFurniture() {
        let text = ArticleExtractor.extract(fromPage: Array(Self.page().utf8))
        #expect(text == Self.story.joined(separator: "\n\n"))
        for furniture in [
            "Home", "cookies", "photographed", "Share on Facebook", "Related", "congratulations", "rights reserved",
        ] {
            #expect(!text.contains(furniture), "\(furniture) leaked into the article")
        }
    }

    @Test func aPageWithTheWholeTextInJSONLDIsTakenAtItsWord() {
        let body = String(repeating: "The robotics team placed second at the state finals this weekend. ", count: 10)
        let head =
            #"<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"x"},{"@type":["NewsArticle"],"headline":"Robotics","articleBody":"\#(body)"}]}</script>"#
        let text = ArticleExtractor.extract(fromPage: Array(Self.page(head: head).utf8))
        #expect(text == body.trimmingCharacters(in: .whitespaces))
    }

    @Test func aTeaserInJSONLDCutWithAnEllipsisGivesWayToThePageText() {
        let teaser = String(repeating: "The winter concert returns to the main hall. ", count: 12) + "…"
        let head = #"<script type="application/ld+json">{"@type":"Article","articleBody":"\#(teaser)"}</script>"#
        let text = ArticleExtractor.extract(fromPage: Array(Self.page(head: head).utf8))
        #expect(text == Self.story.joined(separator: "\n\n"))
    }

    @Test func aPageWithoutACharsetIsReadAsUTF8OrElseWindows1252() {
        let words =
            "Café menu: crème brûlée and jalapeño poppers are served in the cafeteria every Friday this month, says the kitchen staff."
        let utf8 = "<html><body><article><p>\(words)</p><p>\(words)</p></article></body></html>"
        #expect(ArticleExtractor.extract(fromPage: Array(utf8.utf8)).contains("crème brûlée"))
        let latin1 = Array(utf8.data(using: .windowsCP1252)!)
        #expect(ArticleExtractor.extract(fromPage: latin1).contains("crème brûlée"))
    }

    @Test func emptyAndNonHTMLInputGiveNoTextRatherThanACrash() {
        #expect(ArticleExtractor.extract(fromPage: [UInt8]()) == "")
        #expect(ArticleExtractor.extract(fromPage: Array("%PDF-1.7 \u{0}\u{1}binary".utf8)) == "")
        let deep = String(repeating: "<div>", count: 5000) + "deep" + String(repeating: "</div>", count: 5000)
        _ = ArticleExtractor.extract(fromPage: Array(deep.utf8))
    }

    @Test func fragmentsTurnIntoParagraphTextAndFlatText() {
        let html = "<p>One &amp; two</p><p>Three<br>four</p><script>alert(1)</script>"
        #expect(plainText(fromHTML: html) == "One & two\n\nThree\nfour")
        #expect(HTMLTree(parsing: html).flatText == "One & twoThreefour")
    }
}
