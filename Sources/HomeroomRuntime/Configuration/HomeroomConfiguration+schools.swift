import Foundation
import HomeroomCore
import HomeroomEngine

extension HomeroomConfiguration {
    /// One school of the district (an entry of `schools`). Whatever it leaves out comes from the
    /// district: the top-level `timeZone`, `schoolDays`, `language` and `plugins` sections.
    public struct SchoolSection: Sendable, Decodable {
        /// The id admins type and data is kept under: lowercase letters, digits, `-` and `_`.
        public var id = ""
        /// The name, as the bot says it.
        public var name = ""
        /// Other names people use for it (`JMS`).
        public var aliases: [String] = []
        /// The school's IANA time zone; the district's when nil.
        public var timeZone: String?
        /// The days classes are held; the district's when nil.
        public var schoolDays: [Weekday]?
        /// The language answers are in by default; the district's when nil.
        public var language: String?
        /// Who to ask at the school: the office's number or address.
        public var contact: String?
        /// Platform ids that hold the admin role at this school only.
        public var admins: [String] = []
        /// Channels this school answers in, `ADAPTER:CHANNEL` (`slack:C0LUNCH`, `irc:#lincoln`);
        /// an admin's `/admin school` in a channel of its own overrides none of these.
        public var channels: [String] = []
        /// Workspaces whose channels this school answers in unless a channel has its own,
        /// `ADAPTER:WORKSPACE` (`slack:T0001`, `irc:district-net`).
        public var workspaces: [String] = []
        /// The school's own plugin settings (its bell calendar, campus file, news feeds), laid
        /// over the district's section of the same plugin key by key.
        public var plugins: [String: JSONValue] = [:]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case id, name, aliases, timeZone, schoolDays, language, contact, admins, channels, workspaces, plugins
        }

        /// An empty school; decode one from the configuration.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            aliases = try container.decode(.aliases, or: aliases)
            timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
            schoolDays = try container.decodeIfPresent([Weekday].self, forKey: .schoolDays)
            language = try container.decodeIfPresent(String.self, forKey: .language)
            contact = try container.decodeIfPresent(String.self, forKey: .contact)
            admins = try container.decode(.admins, or: admins)
            channels = try container.decode(.channels, or: channels)
            workspaces = try container.decode(.workspaces, or: workspaces)
            plugins = try container.decode(.plugins, or: plugins)
        }
    }

    /// Schools that share a plugin's data (an entry of `groups`): one lunch menu for every
    /// elementary school is one row a day, kept under the group's name.
    public struct GroupSection: Sendable, Decodable {
        /// The ids of the schools in the group; every school when nil (a district-wide group).
        public var schools: [String]?
        /// The plugins whose data the group's schools share (`lunch`, `news`).
        public var share: [String] = []

        enum CodingKeys: String, CodingKey, CaseIterable { case schools, share }

        /// An empty group; decode one from the configuration.
        public init() {}

        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            schools = try container.decodeIfPresent([String].self, forKey: .schools)
            share = try container.decode(.share, or: share)
        }
    }

    /// The district the configuration describes: its `schools`, or the one school of the
    /// top-level settings (id `main`) when it lists none. `calendar` is the district's own.
    func resolveDistrict(calendar: SchoolCalendar) throws(ConfigurationError) -> District {
        guard !schools.isEmpty else {
            return District(
                soleSchool: School(
                    id: School.soleSchoolID, name: schoolName, contact: contact, calendar: calendar,
                    sharedScopes: try sharedScopes()[School.soleSchoolID] ?? [:]))
        }
        let scopes = try sharedScopes()
        var resolved: [School] = []
        for (index, section) in schools.enumerated() {
            let key = "schools[\(index)]"
            guard School.isValidID(section.id) else {
                throw ConfigurationError(
                    key: "\(key).id", problem: "\"\(section.id)\" must be 1 to 40 lowercase letters, digits, - and _")
            }
            guard !resolved.contains(where: { $0.id == section.id }) else {
                throw ConfigurationError(key: "\(key).id", problem: "\"\(section.id)\" names two schools")
            }
            let name = section.name.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw ConfigurationError(key: "\(key).name", problem: "a school needs a name") }
            var zone = calendar.timeZone
            if let identifier = section.timeZone {
                guard let found = TimeZone(identifier: identifier) else {
                    throw ConfigurationError(
                        key: "\(key).timeZone",
                        problem: "\"\(identifier)\" is not an IANA time zone such as America/Chicago")
                }
                zone = found
            }
            if let days = section.schoolDays, days.isEmpty {
                throw ConfigurationError(key: "\(key).schoolDays", problem: "name at least one day, or leave it out")
            }
            var language = calendar.language
            if let code = section.language {
                guard let found = Language(code: code) ?? Language(code) else {
                    throw ConfigurationError(
                        key: "\(key).language",
                        problem: "\"\(code)\" is not a language Homeroom speaks: "
                            + Language.shipped.map(\.code).joined(separator: ", "))
                }
                language = found
            }
            let own = section.timeZone == nil && section.schoolDays == nil && section.language == nil
            resolved.append(
                School(
                    id: section.id, name: name, aliases: section.aliases, contact: section.contact ?? contact,
                    calendar: own
                        ? calendar
                        : SchoolCalendar(
                            timeZone: zone, schoolDays: section.schoolDays.map(Set.init) ?? calendar.schoolDays,
                            language: language),
                    sharedScopes: scopes[section.id] ?? [:]))
        }
        // `at SCHOOL` must name one school: no id, name or alias may be another school's too.
        var named: [String: String] = [:]
        for (index, school) in resolved.enumerated() {
            for name in Set([school.id, school.name] + school.aliases) {
                let key = District.key(name)
                if let other = named[key], other != school.id {
                    throw ConfigurationError(
                        key: "schools[\(index)]", problem: "\"\(name)\" names both \(other) and \(school.id)")
                }
                named[key] = school.id
            }
        }
        return District(name: district ?? schoolName, schools: resolved)
    }

    /// The groups each school shares a plugin's data with: school id → plugin id → group name.
    private func sharedScopes() throws(ConfigurationError) -> [String: [String: String]] {
        let ids = schools.isEmpty ? [School.soleSchoolID] : schools.map(\.id)
        var scopes: [String: [String: String]] = [:]
        for (name, group) in groups.sorted(by: { $0.key < $1.key }) where !name.hasPrefix("//") {
            guard School.isValidID(name), !ids.contains(name) else {
                throw ConfigurationError(
                    key: "groups.\(name)",
                    problem: "a group's name is 1 to 40 lowercase letters, digits, - and _, and no school's id")
            }
            for school in group.schools ?? ids {
                guard ids.contains(school) else {
                    throw ConfigurationError(
                        key: "groups.\(name).schools", problem: "no school has the id \"\(school)\"")
                }
                for plugin in group.share {
                    if let other = scopes[school]?[plugin] {
                        throw ConfigurationError(
                            key: "groups.\(name).share",
                            problem: "\(school) shares \(plugin) with the group \(other) already")
                    }
                    scopes[school, default: [:]][plugin] = name
                }
            }
        }
        return scopes
    }

    /// The channels and workspaces the configuration gives each school: `(adapter, place)` →
    /// school id. A place given to two schools is refused.
    func configuredPlaces() throws(ConfigurationError) -> [SchoolAssignments.ConfiguredPlace: String] {
        var places: [SchoolAssignments.ConfiguredPlace: String] = [:]
        for (index, school) in schools.enumerated() {
            for (key, entries) in [("channels", school.channels), ("workspaces", school.workspaces)] {
                for (entryIndex, entry) in entries.enumerated() {
                    let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
                    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                        throw ConfigurationError(
                            key: "schools[\(index)].\(key)[\(entryIndex)]",
                            problem: "\"\(entry)\" is not ADAPTER:NAME such as slack:C0LUNCH or irc:#lincoln")
                    }
                    let place = SchoolAssignments.ConfiguredPlace(
                        adapter: parts[0], place: key == "channels" ? .channel(parts[1]) : .workspace(parts[1]))
                    if let other = places[place], other != school.id {
                        throw ConfigurationError(
                            key: "schools[\(index)].\(key)[\(entryIndex)]",
                            problem: "\"\(entry)\" is given to \(other) already")
                    }
                    places[place] = school.id
                }
            }
        }
        return places
    }

    /// Each school's own plugin sections laid over the district's, by school id, for the schools
    /// that have any.
    func schoolPluginSections() -> [String: [String: JSONValue]] {
        var sections: [String: [String: JSONValue]] = [:]
        for school in schools where !school.plugins.isEmpty {
            var merged = plugins
            for (pluginID, own) in school.plugins {
                if case .object(let district) = plugins[pluginID] ?? .object([:]), case .object(let ownKeys) = own {
                    merged[pluginID] = .object(district.merging(ownKeys) { _, school in school })
                } else {
                    merged[pluginID] = own
                }
            }
            sections[school.id] = merged
        }
        return sections
    }
}
