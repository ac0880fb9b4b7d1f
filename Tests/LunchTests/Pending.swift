import Testing
@Test func pending() {}
