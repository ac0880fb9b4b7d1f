import ArgumentParser
import Foundation
import HomeroomCore
import HomeroomEngine
import HomeroomRuntime
import HomeroomWebhooks
import InstalledPlatforms

struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin", abstract: "Grant and revoke roles, set PINs, read the audit log.",
        subcommands: [Grant.self, Revoke.self, Roles.self, SetPIN.self, Audit.self])

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a role to a platform id (ADAPTER:ID).")
        @OptionGroup var options: RuntimeOptions
        @Argument(help: "ADAPTER:ID, e.g. console:alice or slack:T0001:U024BE7LH") var user: String
        @Option(help: "The role, e.g. admin.") var role: String
        @Option(help: "A school's id or name: the role holds at that school only (default: the whole district).")
        var school: String?

        func run() async throws {
            let id = try parseUser(user)
            let runtime = try await options.startRuntime(quietest: .warning)
            do {
                let schoolID = try runtime.schoolID(named: school)
                let added = try await runtime.access.grant(role, to: id, at: schoolID, by: AuditEntry.commandLine)
                let settings = runtime.configuration
                let webhooks = try? settings.decodeSection(
                    settings.configuration.webhooks, key: "webhooks", as: WebhookSettings.self)
                await runtime.close()
                let held = schoolID.map { "\(role) at \($0)" } ?? role
                print(added ? "\(id) now holds \(held)" : "\(id) already held \(held)")
                print(GrantHint.line(for: id, role: role, webhooks: webhooks))
            } catch let error as AccessDirectory.UnknownRole {
                await runtime.close()
                printError(error.description)
                throw ExitCode(1)
            } catch let error as UserFacingError {
                await runtime.close()
                printError("homeroom: \(error.message)")
                throw ExitCode(1)
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take a role away from a platform id.")
        @OptionGroup var options: RuntimeOptions
        @Argument(help: "ADAPTER:ID") var user: String
        @Option(help: "The role, e.g. admin.") var role: String
        @Option(help: "A school's id or name, for a role held at that school only.") var school: String?

        func run() async throws {
            let id = try parseUser(user)
            let runtime = try await options.startRuntime(quietest: .warning)
            let schoolID: String?
            do {
                schoolID = try runtime.schoolID(named: school)
            } catch let error as UserFacingError {
                await runtime.close()
                printError("homeroom: \(error.message)")
                throw ExitCode(1)
            }
            let removed = try await runtime.access.revoke(role, from: id, at: schoolID, by: AuditEntry.commandLine)
            await runtime.close()
            let held = schoolID.map { "\(role) at \($0)" } ?? role
            print(removed ? "\(id) no longer holds \(held)" : "\(id) did not hold \(held)")
        }
    }

    struct Roles: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List who holds which role.")
        @OptionGroup var options: RuntimeOptions

        func run() async throws {
            let runtime = try await options.startRuntime(quietest: .warning)
            let grants = try await runtime.access.storedGrants()
            let policy = runtime.configuration.accessPolicy
            let configured = policy.configuredRoles
            let configuredAtSchools = policy.configuredSchoolRoles
            await runtime.close()
            for (user, roles) in configured.sorted(by: { $0.key < $1.key }) {
                print("\(user)\t\(roles.sorted().joined(separator: ", "))\t(config)")
            }
            for (user, schools) in configuredAtSchools.sorted(by: { $0.key < $1.key }) {
                for (school, roles) in schools.sorted(by: { $0.key < $1.key }) {
                    print("\(user)\t\(roles.sorted().map { "\($0) at \(school)" }.joined(separator: ", "))\t(config)")
                }
            }
            for grant in grants {
                print("\(grant.user)\t\(grant.school.map { "\(grant.role) at \($0)" } ?? grant.role)")
            }
            if grants.isEmpty && configured.isEmpty && configuredAtSchools.isEmpty {
                print("no roles granted yet: homeroom admin grant ADAPTER:ID --role admin")
            }
        }
    }

    struct SetPIN: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-pin",
            abstract:
                "Set the login PIN of a platform id; the PIN is read from standard input, never from the command line.")
        @OptionGroup var options: RuntimeOptions
        @Argument(help: "ADAPTER:ID") var user: String

        func run() async throws {
            let id = try parseUser(user)
            let pin = try readPIN()
            let runtime = try await options.startRuntime(quietest: .warning)
            do {
                try await runtime.login.setPIN(pin, for: id, by: AuditEntry.commandLine)
            } catch let error as PinLogin.UnacceptablePIN {
                await runtime.close()
                printError(error.description)
                throw ExitCode(1)
            }
            await runtime.close()
            print("PIN set for \(id); they log in with /login PIN in a direct message")
        }

        private func readPIN() throws -> String {
            if isatty(STDIN_FILENO) == 1 {
                guard let first = getpass("PIN: ").map({ String(cString: $0) }),
                    let second = getpass("PIN again: ").map({ String(cString: $0) }), first == second
                else {
                    printError("the two PINs differ; nothing was changed")
                    throw ExitCode(1)
                }
                return first
            }
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                printError("no PIN on standard input; e.g. echo 4321 | homeroom admin set-pin \(user)")
                throw ExitCode(1)
            }
            return line.trimmingCharacters(in: .whitespaces)
        }
    }

    struct Audit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the most recent audit log entries, newest first.")
        @OptionGroup var options: RuntimeOptions
        @Option(help: "How many entries.") var limit = 20

        func run() async throws {
            let runtime = try await options.startRuntime(quietest: .warning)
            let entries = try await AuditLog.recent(limit, in: runtime.database)
            let school = runtime.configuration.school
            let oneSchool = runtime.configuration.district.hasOneSchool
            await runtime.close()
            for entry in entries {
                let when = "\(school.localDate(at: entry.at).iso) \(school.clockTime(at: entry.at))"
                let place =
                    (entry.channel.map { " in \($0)" } ?? "")
                    + (oneSchool ? "" : entry.school.map { " at \($0)" } ?? "")
                print("\(when)  \(entry.actor)\(place)  \(entry.action)  \(entry.detail)")
            }
            if entries.isEmpty { print("the audit log is empty") }
        }
    }
}

/// Reads ADAPTER:ID or stops with a usage error.
func parseUser(_ text: String) throws -> UserID {
    guard let id = UserID(text) else {
        throw ValidationError("expected ADAPTER:ID, e.g. console:alice, not \"\(text)\"")
    }
    return id
}
