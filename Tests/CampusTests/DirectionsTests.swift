import Campus
import Testing

@Suite struct DirectionsTests {
    let campus: Campus

    init() throws { campus = try CampusFileTests.example() }

    func directions(_ from: String, _ to: String, accessible: Bool = false) throws -> Directions {
        let start = try #require(campus.checkpoint(named: from))
        let destination =
            campus.room(named: to).map(Destination.room) ?? campus.place(named: to).map(Destination.place)
        let place = try #require(destination)
        return try #require(campus.directions(from: start, to: place, accessible: accessible))
    }

    @Test func hallwaysMergeStairsNameTheFloorAndTheLastStepNamesTheDoor() throws {
        let route = try directions("A1-ENTRANCE", "B-201")
        #expect(
            route.steps == [
                Step(
                    .walk(
                        metres: 65, along: "the main hallway",
                        to: "the double doors between the Main and Science buildings")),
                Step(
                    .door(name: "double doors", to: "the west end of the Science building's ground floor"),
                    entering: "Science building"),
                Step(
                    .walk(
                        metres: 45, along: "the ground floor hallway",
                        to: "the east end of the Science building's ground floor")),
                Step(.given("turn right to the east stairs", metres: nil)),
                Step(.changeFloor(.stairs, name: "east stairs", up: true, floor: 2)),
                Step(.given("step off the stairs into the floor 2 hallway", metres: nil)),
            ])
        #expect(route.arrival == .side(title: "B-201 (Chemistry lab)", side: .left, door: 3))
        #expect(route.path.length == 136 && route.minutes == 2)
    }

    @Test func accessibleRoutesTakeTheElevatorInstead() throws {
        let route = try directions("A1-ENTRANCE", "B-301", accessible: true)
        #expect(
            route.steps.contains(Step(.changeFloor(.elevator, name: "Science building elevator", up: true, floor: 3))))
        let usesStairs = route.steps.contains { step in
            switch step.way {
            case .changeFloor(.stairs, _, _, _): true
            case .given(let text, _): text.contains("stairs")
            default: false
            }
        }
        #expect(!usesStairs)
        let stairs = try directions("A1-ENTRANCE", "B-301")
        #expect(stairs.steps.contains(Step(.changeFloor(.stairs, name: "east stairs", up: true, floor: 3))))
        #expect(stairs.path.length < route.path.length)
    }

    @Test func placesRampsAndTheWayOutside() throws {
        let library = try directions("A1-ENTRANCE", "media center")
        #expect(
            library.steps == [
                Step(
                    .walk(
                        metres: 25, along: "the main hallway", to: "the middle of the main hallway, by the trophy case")
                )
            ])
        #expect(
            library.arrival
                == .hint(title: "Library (A-110)", hint: "the double glass doors across from the trophy case"))
        let balcony = try directions("C1-LOBBY", "C-204", accessible: true)
        #expect(balcony.steps.first == Step(.given("walk past the box office to the ramp", metres: 15)))
        #expect(balcony.steps.contains(Step(.changeFloor(.ramp, name: "theater ramp", up: true, floor: 2))))
        let gym = try directions("B1-WEST", "gym")
        #expect(gym.steps.contains(Step(.given("cross the courtyard to the Arts and Athletics building", metres: 60))))
        #expect(gym.arrival == .ahead(title: "Gym (C-110)"))
    }

    @Test func standingAtTheDoorNeedsOneStep() throws {
        let route = try directions("B2-EAST", "B-201")
        #expect(route.steps.isEmpty && route.arrival == .side(title: "B-201 (Chemistry lab)", side: .left, door: 3))
    }
}
