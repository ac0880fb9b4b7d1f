// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "app",
    dependencies: [.package(path: "../library")],
    targets: [
        .target(name: "Local"),
        .target(name: "Declared", dependencies: ["Local", .product(name: "Pair", package: "library")]),
        .target(name: "Undeclared", dependencies: ["Local"]),
        .testTarget(name: "UndeclaredTests", dependencies: ["Declared"]),
    ]
)
