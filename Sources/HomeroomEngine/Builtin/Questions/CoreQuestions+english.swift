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
                    "summary of", "everything i got", "all of it", "everything today",
                ],
                argument: .day, example: "what does my day look like tomorrow?"),
            PlainQuestion(
                "help",
                keywords: [
                    "help", "how do i use", "how to use", "commands", "list of commands", "all commands",
                    "all the commands", "instructions",
                ],
                example: "which commands are there?"),
            PlainQuestion(
                "help",
                keywords: ["how does the", "how do i use the", "how to use the", "explain the", "help with the"],
                needs: ["command", "command work", "command works"], argument: .words(required: true),
                example: "how does the lunch command work?"),
            PlainQuestion(
                "me",
                keywords: [
                    "about me", "know about me", "my data", "my info", "my information", "my roles", "my settings",
                    "my account", "who am i", "my profile", "what you know", "on me", "info on me",
                    "have on me",
                ],
                example: "what do you know about me?"),
            PlainQuestion(
                "subscriptions",
                keywords: [
                    "my subscriptions", "subscriptions", "subscribed", "am i subscribed", "what do i get",
                    "what am i getting",
                ],
                example: "what am I subscribed to?"),
            PlainQuestion(
                "subscribe",
                keywords: [
                    "subscribe", "subscribe me", "subscribe to", "sign me up", "sign up", "notify me", "remind me", "send me", "every morning",
                    "daily", "alerts", "notifications",
                ],
                argument: .words(required: false), changes: true, example: "subscribe me to the lunch menu"),
            PlainQuestion(
                "unsubscribe",
                keywords: ["unsubscribe", "stop sending", "stop notifications", "no more", "dont send", "stop the"],
                argument: .words(required: false), changes: true, example: "stop sending me the news"),
            PlainQuestion(
                "me forget",
                keywords: [
                    "forget me", "delete my data", "delete my info", "delete my information", "erase my data",
                    "remove my data", "delete everything", "forget everything", "delete me", "erase me",
                ],
                changes: true, example: "delete my data"),
        ])
}
