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
                "Walk 65 m along the main hallway to the double doors between the Main and Science buildings.",
                "Go through the double doors — you are now in the Science building.",
                "Walk 45 m along the ground floor hallway to the east end of the Science building's ground floor.",
                "Turn right to the east stairs.",
                "Take the east stairs up to floor 2.",
                "Step off the stairs into the floor 2 hallway.",
                "B-201 (Chemistry lab) is the third door on your left.",
            ])
        #expect(route.path.length == 136 && route.minutes == 2)
    }

    @Test func accessibleRoutesTakeTheElevatorInstead() throws {
        let route = try directions("A1-ENTRANCE", "B-301", accessible: true)
        #expect(route.steps.contains("Take the Science building elevator up to floor 3."))
        #expect(!route.steps.joined().contains("stairs"))
        let stairs = try directions("A1-ENTRANCE", "B-301")
        #expect(stairs.steps.contains("Take the east stairs up to floor 3."))
        #expect(stairs.path.length < route.path.length)
    }

    @Test func placesRampsAndTheWayOutside() throws {
        let library = try directions("A1-ENTRANCE", "media center")
        #expect(
            library.steps == [
                "Walk 25 m along the main hallway to the middle of the main hallway, by the trophy case.",
                "Library (A-110): the double glass doors across from the trophy case.",
            ])
        let balcony = try directions("C1-LOBBY", "C-204", accessible: true)
        #expect(balcony.steps.first == "Walk past the box office to the ramp (15 m).")
        #expect(balcony.steps.contains("Take the theater ramp up to floor 2."))
        let gym = try directions("B1-WEST", "gym")
        #expect(gym.steps.contains("Cross the courtyard to the Arts and Athletics building (60 m)."))
        #expect(gym.steps.last == "Gym (C-110) is the door straight ahead.")
    }

    @Test func standingAtTheDoorNeedsOneStep() throws {
        #expect(try directions("B2-EAST", "B-201").steps == ["B-201 (Chemistry lab) is the third door on your left."])
    }
}
