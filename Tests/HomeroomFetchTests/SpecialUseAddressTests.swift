import Testing

@testable import HomeroomFetch

/// Every special-use class, written in the forms a hostile feed would use, without a connection.
@Suite struct SpecialUseAddressTests {
    @Test(arguments: [
        ("127.0.0.1", SpecialUse.loopback), ("127.255.255.254", .loopback), ("::1", .loopback),
        ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork), ("fd12:3456::1", .privateNetwork), ("fc00::1", .privateNetwork),
        ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("169.254.169.254", .linkLocal), ("169.254.0.1", .linkLocal), ("fe80::1", .linkLocal), ("febf::1", .linkLocal),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("ff02::1", .multicast),
        ("0.0.0.0", .unspecified), ("0.1.2.3", .unspecified), ("::", .unspecified),
        ("255.255.255.255", .broadcast),
        ("192.0.2.1", .reserved), ("198.18.0.1", .reserved), ("240.0.0.1", .reserved), ("2001:db8::1", .reserved),
        // IPv6 forms that carry an IPv4 address are judged by it.
        ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:10.0.0.1", .privateNetwork),
        ("::ffff:169.254.169.254", .linkLocal), ("::127.0.0.1", .loopback), ("::8.8.8.8", .reserved),
        ("64:ff9b::a9fe:a9fe", .linkLocal), ("64:ff9b::7f00:1", .loopback), ("64:ff9b:1::1", .privateNetwork),
        ("2002:7f00:1::1", .loopback), ("2002:a00:1::1", .privateNetwork),
    ])
    func aSpecialAddressIsKnownForWhatItIs(text: String, expected: SpecialUse) throws {
        let address = try #require(IPAddress(text))
        #expect(address.specialUse == expected, "\(text)")
    }

    @Test(arguments: [
        "93.184.216.34", "8.8.8.8", "172.32.0.1", "172.15.255.255", "100.128.0.1", "100.63.255.255", "169.253.0.1",
        "223.255.255.255", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1",
    ])
    func anOrdinaryPublicAddressIsNotSpecial(text: String) throws {
        let address = try #require(IPAddress(text))
        #expect(address.specialUse == nil, "\(text)")
    }

    @Test func addressesAreReadStrictlyAndWrittenPlainly() throws {
        for loose in ["127.1", "2130706433", "0x7f.0.0.1", "0177.0.0.1", "[::1]", "localhost", ""] {
            #expect(IPAddress(loose) == nil, "\(loose)")
        }
        #expect(IPAddress("::FFFF:127.0.0.1")?.description == "::ffff:127.0.0.1")
        #expect(IPAddress("fe80::1%eth0")?.description == "fe80::1")
    }
}
