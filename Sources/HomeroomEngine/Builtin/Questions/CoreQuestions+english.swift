import HomeroomCore

extension CoreQuestions {
    static let english = PlainQuestions(
        "en",
        [
            PlainQuestion(
                "day",
                keywords: [
                    "my day", "overview", "at a glance", "whole day", "summary", "everything",
                    "agenda", "rundown", "day look like", "day looking like", "what does my day",
                    "brief me", "daily summary", "plan for", "look like", "looks like", "for me on", "summarize",
                    "summary of", "everything i got", "all of it", "everything today", "on my plate", "up against",
                    "briefing", "daily briefing", "has going on", "day", "shaping up", "in store",
                    "whole picture", "everything on", "schedule and lunch", "my whole", "how does my",
                ],
                hints: ["looking"], argument: .day, example: "what does my day look like tomorrow?"),
            PlainQuestion(
                "help",
                keywords: [
                    "help", "how do i use", "how to use", "commands", "list of commands", "all commands",
                    "all the commands", "instructions",
                ],
                example: "which commands are there?"),
            PlainQuestion(
                "help",
                keywords: [
                    "how does the", "how do i use the", "how to use the", "explain the", "help with the",
                    "explain how", "how to ask you about",
                ],
                needs: ["command", "command work", "command works", "thing", "feature", "works", "ask you about"],
                argument: .words(required: true),
                example: "how does the lunch command work?"),
            PlainQuestion(
                "me",
                keywords: [
                    "about me", "know about me", "my data", "my info", "my information", "my roles", "my settings",
                    "my account", "who am i", "my profile", "what you know", "on me", "info on me", "personal info",
                    "on file",
                    "have on me",
                ],
                example: "what do you know about me?"),
            PlainQuestion(
                "subscriptions",
                keywords: [
                    "my subscriptions", "subscriptions", "subscribed", "am i subscribed", "what do i get",
                    "signed up for", "am i signed up", "am i getting", "alerts am i", "notifications am i",
                    "what am i getting", "did i sign up", "i signed up", "keep getting", "getting messages",
                ],
                example: "what am I subscribed to?"),
            PlainQuestion(
                "subscribe",
                keywords: [
                    "subscribe", "subscribe me", "subscribe to", "sign me up", "sign up", "notify me", "remind me",
                    "send me every", "text me", "message me", "every morning", "each morning",
                    "every day at", "whenever", "every time", "alerts", "notifications",
                ],
                // "Send me" alone asks for something once ("send me this week's lunches").
                hints: ["send me"], argument: .words(required: false), changes: true,
                example: "subscribe me to the lunch menu"),
            PlainQuestion(
                "unsubscribe",
                keywords: [
                    "unsubscribe", "unsubscribe me", "stop sending", "stop messaging", "stop texting",
                    "stop notifications", "no more", "dont send", "dont want the", "stop the", "anymore",
                ],
                argument: .words(required: false), changes: true, example: "stop sending me the news"),
            PlainQuestion(
                "me forget",
                keywords: [
                    "forget me", "delete my data", "delete my info", "delete my information", "erase my data",
                    "remove my data", "delete everything", "forget everything", "forget everything you know",
                    "delete me", "erase me",
                ],
                changes: true, example: "delete my data"),
        ],
        glossary: [
            "lunch menu": "lunch", "the lunch menu": "lunch", "menu": "lunch", "the news": "news", "stories": "news",
            "new story": "news", "event": "events", "event messages": "events", "my day": "day",
            "daily summary": "day", "summary": "day", "messages": "",
        ])
}
