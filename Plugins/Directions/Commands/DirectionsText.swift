import Campus
import HomeroomCore

/// How directions read in chat and on the page, in the reader's language. The campus file's names
/// (rooms, places, checkpoints, hallways, doors, its own instructions) are the school's words and
/// go into the sentences as values, in the reader's language when an admin translated them; room
/// numbers and checkpoint ids stay as written.
enum DirectionsText {
    /// How a destination is named in answers, as ``Campus/title(of:)`` names it, with the room's or
    /// place's name in the reader's language: `B-201 (Chemistry lab)`, `Library (A-110)`, `B2-EAST`.
    static func title(of destination: Destination, on campus: Campus, _ words: Words) -> String {
        switch destination {
        case .room(let index):
            let room = campus.rooms[index]
            return room.name.map { "\(room.number) (\(words.content($0)))" } ?? room.number
        case .place(let index):
            let place = campus.places[index]
            let name = words.content(place.name)
            return place.room.map { "\(name) (\(campus.rooms[$0].number))" } ?? name
        case .checkpoint:
            return campus.title(of: destination)
        }
    }

    /// `B-201 (Chemistry lab) from A1-ENTRANCE: 136 m, about 2 min`.
    static func heading(_ route: Directions, on campus: Campus, _ words: Words) -> String {
        let start = campus.checkpoints[route.start].id
        let title = title(of: route.destination, on: campus, words)
        guard !route.path.edges.isEmpty else {
            return words("{destination} from {start}: you're there", ["destination": title, "start": start])
        }
        let values: KeyValuePairs = [
            "destination": title, "start": start, "distance": words.number(Int(route.path.length.rounded())),
        ]
        return route.accessible
            ? words.plural(
                "{destination} from {start}: {distance} m, about {count} min, step-free",
                "{destination} from {start}: {distance} m, about {count} min, step-free", count: route.minutes, values)
            : words.plural(
                "{destination} from {start}: {distance} m, about {count} min",
                "{destination} from {start}: {distance} m, about {count} min", count: route.minutes, values)
    }

    /// Every step of `route`, one sentence each, the last one naming the destination's door.
    static func steps(_ route: Directions, on campus: Campus, _ words: Words) -> [String] {
        route.steps.map { step($0, words) }
            + [arrival(route.arrival, title: title(of: route.destination, on: campus, words), words)]
    }

    /// The chat answer: the heading, the numbered steps, and what to do next.
    static func chat(_ route: Directions, on campus: Campus, _ words: Words) -> String {
        let steps = steps(route, on: campus, words).enumerated().map { "\($0.offset + 1). \($0.element)" }
        let next = words("Scan the next code you pass for fresh directions.")
        return ([heading(route, on: campus, words)] + steps + [next]).joined(separator: "\n")
    }

    /// What to say when the map has no way (or no stair-free way) from `start` to `destination`.
    static func noWay(
        from start: Int, to destination: Destination, accessible: Bool, on campus: Campus, _ words: Words
    ) -> String {
        let values: KeyValuePairs = [
            "start": campus.checkpoints[start].id, "destination": title(of: destination, on: campus, words),
        ]
        return accessible
            ? words("the map has no step-free way from {start} to {destination} — the main office can help", values)
            : words("the map has no way from {start} to {destination} — the main office can help", values)
    }

    /// One walking step as a sentence: `Take the east stairs up to floor 2.`
    static func step(_ step: Step, _ words: Words) -> String {
        let building = step.entering.map(words.content) ?? ""
        switch step.way {
        case .given(let text, let metres):
            return given(text, metres: metres, entering: step.entering.map(words.content), words)
        case .changeFloor(let kind, let name, let up, let floor):
            return changeFloor(
                kind, name: name.map(words.content), up: up, floor: floor, entering: step.entering.map(words.content),
                words)
        case .door(let name?, _):
            let values: KeyValuePairs = ["door": words.content(name), "building": building]
            return step.entering == nil
                ? words("Go through the {door}.", values)
                : words("Go through the {door} — you are now in the {building}.", values)
        case .door(nil, let to):
            let values: KeyValuePairs = ["place": words.content(to), "building": building]
            return step.entering == nil
                ? words("Go through the door to {place}.", values)
                : words("Go through the door to {place} — you are now in the {building}.", values)
        case .outside(let metres, let to):
            let values: KeyValuePairs = [
                "distance": words.number(metres), "place": words.content(to), "building": building,
            ]
            return step.entering == nil
                ? words("Go outside and walk {distance} m to {place}.", values)
                : words("Go outside and walk {distance} m to {place} — you are now in the {building}.", values)
        case .walk(let metres, let along?, let to):
            let values: KeyValuePairs = [
                "distance": words.number(metres), "hallway": words.content(along), "place": words.content(to),
                "building": building,
            ]
            return step.entering == nil
                ? words("Walk {distance} m along {hallway} to {place}.", values)
                : words("Walk {distance} m along {hallway} to {place} — you are now in the {building}.", values)
        case .walk(let metres, nil, let to):
            let values: KeyValuePairs = [
                "distance": words.number(metres), "place": words.content(to), "building": building,
            ]
            return step.entering == nil
                ? words("Walk {distance} m to {place}.", values)
                : words("Walk {distance} m to {place} — you are now in the {building}.", values)
        }
    }

    /// A step the campus file words itself: its wording as written (in the reader's language when an
    /// admin translated it), as a sentence, with the metres of a long walk and the building it ends
    /// in when that needs saying. `entering` is already in the reader's language.
    private static func given(_ given: String, metres: Int?, entering: String?, _ words: Words) -> String {
        let instruction = capitalized(words.content(given))
        switch (metres, entering) {
        case (nil, nil):
            return given.last.map { ".?!".contains($0) } == true ? instruction : instruction + "."
        case (let metres?, nil):
            return words(
                "{instruction} ({distance} m).", ["instruction": instruction, "distance": words.number(metres)])
        case (nil, let building?):
            return words(
                "{instruction} — you are now in the {building}.", ["instruction": instruction, "building": building])
        case (let metres?, let building?):
            return words(
                "{instruction} ({distance} m) — you are now in the {building}.",
                ["instruction": instruction, "distance": words.number(metres), "building": building])
        }
    }

    /// Stairs, an elevator or a ramp to another floor: `Take the east stairs up to floor 3.` Stairs
    /// and elevators stay in one building; a ramp may lead into another. `name` and `entering` are
    /// already in the reader's language.
    private static func changeFloor(
        _ kind: Link.Kind, name: String?, up: Bool, floor: Int, entering: String?, _ words: Words
    ) -> String {
        let values: KeyValuePairs = ["name": name ?? "", "floor": words.number(floor), "building": entering ?? ""]
        switch (kind, name, up, entering) {
        case (.elevator, nil, true, _): return words("Take the elevator up to floor {floor}.", values)
        case (.elevator, nil, false, _): return words("Take the elevator down to floor {floor}.", values)
        case (.elevator, _?, true, _): return words("Take the {name} up to floor {floor}.", context: "elevator", values)
        case (.elevator, _?, false, _):
            return words("Take the {name} down to floor {floor}.", context: "elevator", values)
        case (.ramp, nil, true, nil): return words("Take the ramp up to floor {floor}.", values)
        case (.ramp, nil, false, nil): return words("Take the ramp down to floor {floor}.", values)
        case (.ramp, _?, true, nil): return words("Take the {name} up to floor {floor}.", context: "ramp", values)
        case (.ramp, _?, false, nil): return words("Take the {name} down to floor {floor}.", context: "ramp", values)
        case (.ramp, nil, true, _?):
            return words("Take the ramp up to floor {floor} — you are now in the {building}.", values)
        case (.ramp, nil, false, _?):
            return words("Take the ramp down to floor {floor} — you are now in the {building}.", values)
        case (.ramp, _?, true, _?):
            return words("Take the {name} up to floor {floor} — you are now in the {building}.", values)
        case (.ramp, _?, false, _?):
            return words("Take the {name} down to floor {floor} — you are now in the {building}.", values)
        case (_, nil, true, _): return words("Take the stairs up to floor {floor}.", values)
        case (_, nil, false, _): return words("Take the stairs down to floor {floor}.", values)
        case (_, _?, true, _): return words("Take the {name} up to floor {floor}.", context: "stairs", values)
        case (_, _?, false, _): return words("Take the {name} down to floor {floor}.", context: "stairs", values)
        }
    }

    /// The last step: which door, or where the place is. `{ordinal}` is the door's count as English
    /// says it (`third`) in English, and its number in other languages, which also have `{number}`.
    /// `title` names the destination in the reader's language (``title(of:on:_:)``), in place of the
    /// arrival's own.
    static func arrival(_ arrival: Arrival, title: String, _ words: Words) -> String {
        switch arrival {
        case .checkpoint(let name):
            return words("You are at {place}.", ["place": words.content(name)])
        case .hint(_, let original):
            // The hint is the school's own wording: its sentence ends as the school ends it.
            let hint = words.content(original)
            let ended = original.last.map { ".?!".contains($0) } == true ? hint : hint + "."
            return words("{destination}: {hint}", ["destination": capitalized(title), "hint": ended])
        case .ahead:
            return words("{destination} is the door straight ahead.", ["destination": title])
        case .side(_, .left, let door?):
            return words(
                "{destination} is the {ordinal} door on your left.",
                ["destination": title, "ordinal": ordinal(door, words), "number": words.number(door)])
        case .side(_, _, let door?):
            return words(
                "{destination} is the {ordinal} door on your right.",
                ["destination": title, "ordinal": ordinal(door, words), "number": words.number(door)])
        case .side(_, .left, nil):
            return words("{destination} is on your left.", ["destination": title])
        case .side(_, _, nil):
            return words("{destination} is on your right.", ["destination": title])
        case .door(_, let door):
            return words(
                "{destination} is the {ordinal} door.",
                ["destination": title, "ordinal": ordinal(door, words), "number": words.number(door)])
        case .here(_, let here):
            return words(
                "{destination} is right here, at {place}.", ["destination": title, "place": words.content(here)])
        }
    }

    /// `text` with its first letter upper-cased, past any marks around a value: `⟪Turn left…⟫`.
    static func capitalized(_ text: String) -> String {
        guard let first = text.firstIndex(where: \.isLetter) else { return text }
        return text[..<first] + text[first].uppercased() + text[text.index(after: first)...]
    }

    /// `first` … `tenth`, then `11th`, `12th`, `21st` in English; the number in other languages,
    /// whose sentences place it as their grammar wants.
    static func ordinal(_ number: Int, _ words: Words) -> String {
        guard words.language == .english || words.language == .pseudo else { return words.number(number) }
        let names = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        if (1...10).contains(number) { return names[number - 1] }
        let suffix =
            (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10, default: "th"]
        return "\(number)\(suffix)"
    }
}
