import Foundation
// swift-tools-version: 6.1
import PackageDescription

/// How the release `homeroom` is linked, to keep an idle `homeroom serve` small (DEPLOYMENT.md,
/// "The binary" and "Sizing"): lld with packed relative relocations (168,000 of them would otherwise be 4 MB read at
/// every start), no table of exported symbols (nothing loads this executable's symbols), and the
/// functions run at start-up side by side at the front (`Scripts/startup-order` lists them).
let releaseLinkFlags = [
    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
    "-Xlinker",
    "--symbol-ordering-file="
        + URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Scripts/lib/startup-order.txt"
        ).path,
    "-Xlinker", "--no-warn-symbol-ordering",
]

let package = Package(
    name: "homeroom",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "homeroom", targets: ["homeroom"]),
        .library(name: "HomeroomCore", targets: ["HomeroomCore"]),
        .library(name: "HomeroomEngine", targets: ["HomeroomEngine"]),
        .library(name: "HomeroomTesting", targets: ["HomeroomTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(
            url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        // Builds each module's translation catalogs (its Catalog/*.po files) into its code, so the one
        // binary carries every language.
        .plugin(name: "EmbedCatalogs", capability: .buildTool(), path: "BuildTools/EmbedCatalogs"),
        // The plugin SDK: what a plugin declares and calls (commands, answers, its storage, time,
        // fetching, the audit trail and notification outbox it writes to); pure logic, no queries.
        .target(
            name: "HomeroomCore",
            dependencies: [
                "CivilDates",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // The engine: the conversation layer and connection supervision, the dispatcher, identity
        // and PIN logins, the outbox and its delivery, the scheduler, the audit log and the core
        // plugin, each table's schema beside its queries.
        .target(
            name: "HomeroomEngine",
            dependencies: [
                "CivilDates", "HomeroomCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // The one calendar date (days since 1970, weekdays, month lengths) that the core, the parsers and
        // the plugins share.
        .target(name: "CivilDates"),
        .target(name: "ICalendar", dependencies: ["CivilDates"]),
        // Two GNU extensions for starting the test bed's outside programs (pipe2, addchdir_np).
        .target(name: "CSpawn"),
        .target(
            name: "CalendarFeeds",
            dependencies: ["HomeroomCore", "ICalendar", .product(name: "Logging", package: "swift-log")]),
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "HTMLText", dependencies: ["CLibXML2", "JSONReading"]),
        .target(name: "Feeds", dependencies: ["CivilDates", "CLibXML2", "HTMLText"]),
        .target(name: "Recipes", dependencies: ["HTMLText", "JSONReading"]),
        // Strict JSON with the line of each value, read within limits (campus files, menu exports), and
        // the one-pass structure walk that measures a JSON text before it is decoded (JSON-LD, recipe books).
        .target(name: "JSONReading"),
        .target(name: "Campus", dependencies: ["JSONReading"]),
        .systemLibrary(
            name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "QRCodes", dependencies: ["CQREncode", "CZlib"]),
        .target(
            name: "HomeroomFetch",
            dependencies: [
                "HomeroomCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "HomeroomIRC",
            dependencies: [
                "HomeroomCore", "HomeroomEngine",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        .target(
            name: "HomeroomMatrix",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomFetch",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedCatalogs"]),
        .target(
            name: "HomeroomWebhooks",
            dependencies: [
                "HomeroomCore", "HomeroomEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // Slack: slash commands, its bot, Socket Mode and incoming webhooks.
        .target(
            name: "HomeroomSlack",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Homeroom's own JSON API: messages from its clients, notifications to their notifyURLs.
        .target(
            name: "HomeroomMessageAPI",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Discord: interactions, its bot and webhooks.
        .target(
            name: "HomeroomDiscord",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // Mattermost: slash commands and incoming webhooks.
        .target(
            name: "HomeroomMattermost",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // Google Chat: a Chat app's events and the Chat API.
        .target(
            name: "HomeroomGoogleChat",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // Teams: outgoing and incoming webhooks and a Bot Framework bot.
        .target(
            name: "HomeroomTeams",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        .target(
            name: "HomeroomStorage",
            dependencies: [
                "HomeroomCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
            ]
        ),
        .target(
            name: "HomeroomRuntime",
            dependencies: [
                "HomeroomCore", "HomeroomEngine",
                "HomeroomStorage",
                "HomeroomFetch",
                "OneRoster",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "HomeroomTesting",
            dependencies: [
                "HomeroomCore", "HomeroomEngine",
                "HomeroomStorage",
                "HomeroomRuntime",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "SQLKit", package: "sql-kit"),
            ]
        ),
        // The project's own test bed, shared by its tests and benchmarks and not part of the plugin
        // author's kit: the shared corpora and their scores, generated campuses, outside programs
        // (gzip, zbarimg, Chromium), a real ngircd with Homeroom and a class of IRC clients on it,
        // hostile HTTP servers, services run until a graceful shutdown, a real Synapse with students on it, several `homeroom serve`
        // processes on one database with nginx in front and wrk for load.
        .target(
            name: "HomeroomTestbed",
            dependencies: [
                "CSpawn",
                "HomeroomCore",
                "HomeroomEngine",
                "HomeroomRuntime",
                "HomeroomTesting",
                "HomeroomIRC",
                "HomeroomMatrix",
                "HomeroomWebhooks",
                "HomeroomTexts",
                "HomeroomWhatsApp",
                "HomeroomTelegram",
                "HomeroomEmail",
                "OneRoster",
                "Lunch",
                "Schedule",
                "Events",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Lunch",
            dependencies: [
                "CivilDates", "HomeroomCore", "JSONReading",
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Plugins/Lunch",
            plugins: ["EmbedCatalogs"]
        ),
        .target(
            name: "Schedule",
            dependencies: [
                "CivilDates",
                "HomeroomCore",
                "ICalendar",
                "CalendarFeeds",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Plugins/Schedule",
            plugins: ["EmbedCatalogs"]
        ),
        .target(
            name: "News",
            dependencies: [
                "HomeroomCore", "Feeds", "HTMLText",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Plugins/News",
            plugins: ["EmbedCatalogs"]
        ),
        .target(
            name: "RecipesPlugin",
            dependencies: [
                "HomeroomCore", "Recipes", "HTMLText",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Plugins/Recipes",
            plugins: ["EmbedCatalogs"]
        ),
        .target(
            name: "Events",
            dependencies: [
                "CivilDates", "HomeroomCore", "ICalendar", "CalendarFeeds",
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Plugins/Events",
            plugins: ["EmbedCatalogs"]
        ),
        .target(
            name: "Directions",
            dependencies: [
                "HomeroomCore", "Campus", "QRCodes",
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            path: "Plugins/Directions",
            plugins: ["EmbedCatalogs"]
        ),
        // The office's web console (`/console`, signed in from chat) and the hallway display
        // (`/display`) on the webhook server: server-rendered pages from Mustache templates.
        .target(
            name: "HomeroomConsole",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // Text messages: the SMS provider protocol and Twilio's Programmable Messaging behind it,
        // segment counting (GSM-7 and UCS-2), carrier keywords and opt-outs.
        .target(
            name: "HomeroomTexts",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // WhatsApp (Cloud API): its verified webhook, answers and notifications within the 24-hour
        // customer-service window, approved templates outside it.
        .target(
            name: "HomeroomWhatsApp",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks", "JSONReading",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // Telegram (Bot API): long polling as a duty or a webhook with its secret token, private
        // chats and groups, HTML answers, paced to Telegram's limits.
        .target(
            name: "HomeroomTelegram",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks", "JSONReading",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // libcurl, for SMTP with STARTTLS and AUTH.
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // E-mail: notifications as multipart text and HTML through the school's SMTP server, with
        // one-click unsubscribe (RFC 8058).
        .target(
            name: "HomeroomEmail",
            dependencies: [
                "CCurl", "HomeroomCore", "HomeroomEngine", "HomeroomWebhooks",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            plugins: ["EmbedCatalogs"]
        ),
        // OneRoster 1.1 and 1.2 CSV exports (a folder or a ZIP) read within limits: orgs, users and
        // their guardians, classes and enrollments, bulk or delta, each bad row named by file and line.
        .target(name: "OneRoster", dependencies: ["HomeroomCore", "CZlib"]),
        // The chat platforms `homeroom` serves over HTTP, in one list.
        .target(
            name: "InstalledPlatforms",
            dependencies: [
                "HomeroomWebhooks", "HomeroomDiscord", "HomeroomGoogleChat", "HomeroomMattermost", "HomeroomSlack",
                "HomeroomTeams", "HomeroomMessageAPI", "HomeroomTexts", "HomeroomWhatsApp", "HomeroomTelegram",
                "HomeroomEmail",
            ]),
        .target(
            name: "InstalledPlugins",
            dependencies: ["HomeroomCore", "Lunch", "Schedule", "News", "RecipesPlugin", "Directions", "Events"]),
        .executableTarget(
            name: "homeroom",
            dependencies: [
                "InstalledPlatforms", "HomeroomConsole", "OneRoster",
                "HomeroomMattermost",
                "HomeroomMessageAPI",
                "InstalledPlugins",
                "CivilDates",
                "HomeroomCore", "HomeroomEngine",
                "HomeroomStorage",
                "HomeroomRuntime",
                "ICalendar",
                "HTMLText",
                "Feeds",
                "Recipes",
                "HomeroomWebhooks",
                "HomeroomIRC",
                "HomeroomMatrix",
                "HomeroomFetch",
                "Lunch",
                "RecipesPlugin",
                "Campus",
                "QRCodes",
                "Directions",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            linkerSettings: [.unsafeFlags(releaseLinkFlags, .when(configuration: .release))],
            plugins: ["EmbedCatalogs"]
        ),
        .executableTarget(
            name: "HomeroomBenchmarks",
            dependencies: [
                "HomeroomCore", "HomeroomEngine",
                "HomeroomIRC",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                "HomeroomRuntime",
                "HomeroomTesting",
                "HomeroomTestbed",
                "ICalendar",
                "Feeds",
                "HTMLText",
                "Lunch",
                "Schedule",
                "Events",
                "Recipes",
                "RecipesPlugin",
                "Campus",
                "Directions",
                "HomeroomWebhooks",
                "HomeroomMattermost",
                "HomeroomFetch",
                "HomeroomTexts",
                "HomeroomWhatsApp",
                "HomeroomTelegram",
                "HomeroomSlack",
                "HomeroomDiscord",
                "HomeroomTeams",
                "HomeroomGoogleChat",
                "HomeroomEmail",
                "OneRoster",
                "InstalledPlugins",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks"
        ),
        .testTarget(
            name: "HomeroomCoreTests",
            dependencies: [
                "CivilDates", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomTesting",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HomeroomEngineTests",
            dependencies: [
                "CivilDates", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomStorage", "HomeroomTesting",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "HomeroomStorageTests",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomStorage", "HomeroomTesting",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HomeroomRuntimeTests",
            dependencies: [
                "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomStorage", "HomeroomTesting",
                "HomeroomTestbed", "OneRoster", "CivilDates",
                "InstalledPlugins", "Lunch", "Events", "Schedule", "News", "Directions", "RecipesPlugin",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "HomeroomTestingTests",
            dependencies: ["HomeroomCore", "HomeroomTesting", .product(name: "SQLKit", package: "sql-kit")]),
        .testTarget(
            name: "LunchTests",
            dependencies: [
                "Lunch", "CivilDates", "HomeroomCore", "HomeroomEngine", "HomeroomTesting", "HomeroomTestbed",
            ]),
        .testTarget(
            name: "homeroomTests",
            dependencies: [
                "HomeroomTesting", "HomeroomTestbed", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "OneRoster",
            ]),
        // Three real `homeroom serve` processes on one PostgreSQL database (the executable is built
        // beside the tests), with ngircd, nginx and wrk; Scripts/test runs it after the others.
        .testTarget(
            name: "ScaleOutTests",
            dependencies: ["HomeroomTesting", "HomeroomTestbed", "HomeroomCore", "HomeroomEngine", "HomeroomIRC"]),
        .testTarget(name: "CivilDatesTests", dependencies: ["CivilDates"]),
        .testTarget(
            name: "ICalendarTests", dependencies: ["ICalendar", "CivilDates", "HomeroomTesting", "HomeroomTestbed"]),
        .testTarget(name: "HTMLTextTests", dependencies: ["HTMLText", "HomeroomTesting", "HomeroomTestbed"]),
        .testTarget(name: "FeedsTests", dependencies: ["Feeds", "HomeroomTesting", "HomeroomTestbed"]),
        .testTarget(name: "RecipesTests", dependencies: ["Recipes", "HomeroomTesting", "HomeroomTestbed"]),
        .testTarget(
            name: "CampusTests", dependencies: ["Campus", "JSONReading", "HomeroomTesting", "HomeroomTestbed"]),
        .testTarget(name: "QRCodesTests", dependencies: ["QRCodes", "HomeroomTesting", "HomeroomTestbed"]),
        .testTarget(
            name: "RecipesPluginTests",
            dependencies: [
                "RecipesPlugin", "Recipes", "HomeroomCore", "HomeroomRuntime", "HomeroomTesting", "HomeroomTestbed",
            ]),
        .testTarget(
            name: "DirectionsTests",
            dependencies: [
                "Directions", "Campus", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomTesting",
                "HomeroomTestbed", "QRCodes",
                "HomeroomWebhooks", "InstalledPlatforms",
                "HomeroomFetch",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "HomeroomConsoleTests",
            dependencies: [
                "HomeroomConsole", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomTesting",
                "HomeroomTestbed", "HomeroomWebhooks", "InstalledPlatforms", "Lunch", "Schedule", "Directions",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .testTarget(
            name: "EventsTests",
            dependencies: [
                "Events", "ICalendar", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomTesting",
                "HomeroomTestbed",
                "HomeroomWebhooks",
                "HomeroomFetch", "HomeroomIRC",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "CalendarFeedsTests",
            dependencies: [
                "CalendarFeeds", "HomeroomCore", "HomeroomFetch", "HomeroomTesting",
            ]),
        .testTarget(name: "NewsTests", dependencies: ["News", "HomeroomCore", "HomeroomRuntime", "HomeroomTesting"]),
        // The Matrix adapter against a real Synapse (Scripts/test installs it into .build-venv/synapse).
        .testTarget(
            name: "HomeroomMatrixTests",
            dependencies: [
                "HomeroomMatrix", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomStorage",
                "HomeroomTesting",
                "HomeroomTestbed", "Lunch", "Events",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HomeroomIRCTests",
            dependencies: [
                "HomeroomIRC", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomStorage",
                "HomeroomTesting", "HomeroomTestbed",
                "Lunch",
                "Events", "Schedule",
                "HomeroomWebhooks", "HomeroomMessageAPI", "HomeroomFetch",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HomeroomWebhooksTests",
            dependencies: [
                "HomeroomWebhooks", "HomeroomDiscord", "HomeroomGoogleChat", "HomeroomMattermost", "HomeroomSlack",
                "HomeroomTeams", "HomeroomMessageAPI", "HomeroomTexts", "HomeroomWhatsApp", "HomeroomTelegram",
                "HomeroomEmail", "InstalledPlatforms",
                "HomeroomCore", "HomeroomEngine",
                "HomeroomRuntime", "HomeroomStorage", "HomeroomTesting", "HomeroomTestbed",
                "HomeroomFetch", "Lunch", "Events",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ScheduleTests",
            dependencies: [
                "Schedule", "HomeroomCore", "HomeroomEngine", "HomeroomRuntime", "HomeroomTesting", "HomeroomTestbed",
            ]),
        .testTarget(
            name: "OneRosterTests", dependencies: ["OneRoster", "HomeroomCore", "HomeroomTesting", "HomeroomTestbed"]),
        .testTarget(
            name: "HomeroomTextsTests",
            dependencies: [
                "HomeroomTexts", "HomeroomWebhooks", "InstalledPlatforms", "HomeroomCore", "HomeroomEngine",
                "HomeroomRuntime", "HomeroomStorage", "HomeroomTesting", "HomeroomTestbed", "Lunch",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HomeroomFetchTests",
            dependencies: [
                "HomeroomFetch", "HomeroomCore", "HomeroomRuntime", "HomeroomTesting", "HomeroomTestbed",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
    ]
)
