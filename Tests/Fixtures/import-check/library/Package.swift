// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "library",
    products: [
        .library(name: "Pair", targets: ["First", "Second"]),
        .library(name: "Third", targets: ["Third"]),
    ],
    targets: [
        .target(name: "First"),
        .target(name: "Second", dependencies: ["First"]),
        .target(name: "Third"),
    ]
)
