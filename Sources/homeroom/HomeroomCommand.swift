import ArgumentParser

@main
struct HomeroomCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homeroom",
        abstract: "A chat bot for schools: lunch menus, bell schedules, news, directions and more.",
        discussion: """
            Start with `homeroom serve` (embedded defaults: an SQLite file under ./homeroom-data) or try one
            command with `homeroom say "/lunch"`.
            """,
        subcommands: [
            ServeCommand.self, SayCommand.self, ConsoleCommand.self, AdminCommand.self, ImportCommand.self,
            BackupCommand.self, InspectCommand.self, QRCommand.self, StatusCommand.self,
        ]
    )
}
