import HomeroomCore

extension NewsQuestions {
    static let english = PlainQuestions(
        "en",
        [
            PlainQuestion(
                "news",
                keywords: [
                    "news", "stories", "story", "headlines", "headline", "whats new", "latest", "article",
                    "articles", "announcements", "newsletter", "school news", "updates", "read", "school paper",
                    "paper", "newspaper", "news item", "item", "anything new", "scoop", "lately", "recently",
                    "out of the loop", "shared any news", "post lately", "posted lately", "did lincoln post",
                    "did the school post",
                ],
                hints: ["new", "number"],
                argument: .number, example: "any school news?"),
            PlainQuestion(
                "news search",
                keywords: [
                    "news about", "stories about", "story about", "article about", "articles about", "news on",
                    "news", "search the news", "search news", "anything about", "news regarding", "heard about",
                    "articles on", "in the news", "make the news", "made the news", "were in the news", "update on",
                    "article on", "stories on", "story on",
                    "search for", "search",
                ],
                hints: ["story", "stories"],
                argument: .words(required: true), example: "is there news about the robotics team?"),
            PlainQuestion(
                "news sources",
                keywords: [
                    "news sources", "sources", "where does the news come from", "feeds", "news feeds", "what feeds",
                    "feeds do you",
                    "get your news", "get the news", "pull news", "sites", "websites", "which sites",
                    "which feeds", "where do the stories come from", "what sites", "sites is", "stories come from",
                    "sources does", "news come from",
                ],
                example: "where does the news come from?"),
        ],
        glossary: ["news": "", "story": "", "stories": "", "article": "", "articles": ""])
}
