import Foundation
import Synchronization

/// Turns a URL's host into the addresses to check and connect to.
package protocol HostResolving: Sendable {
    /// The host's addresses, in the order to try them; throws ``HostResolutionError`` when the
    /// name does not resolve. Returns promptly when the task is cancelled.
    func addresses(of host: String) async throws -> [IPAddress]
}

/// A name that did not resolve, with the resolver's words.
package struct HostResolutionError: Error, CustomStringConvertible {
    package let description: String
}

/// The system's resolver (`getaddrinfo`, which also reads numeric spellings such as `2130706433`
/// or `0x7f.1` the way a connection would), run on a Dispatch thread rather than the cooperative
/// pool, its answers kept for half a minute so that a burst of posts to one host asks once.
package final class SystemHostResolver: HostResolving {
    /// The resolver every fetcher shares.
    package static let shared = SystemHostResolver()

    private struct Answer {
        var addresses: [IPAddress]
        var expires: ContinuousClock.Instant
    }

    private let answers = Mutex<[String: Answer]>([:])
    private static let keptFor = Duration.seconds(30)
    private static let keptAnswers = 256
    /// Addresses used from one answer: enough for any real host.
    private static let maximumAddresses = 16

    package func addresses(of host: String) async throws -> [IPAddress] {
        let now = ContinuousClock.now
        if let kept = answers.withLock({ $0[host] }), kept.expires > now { return kept.addresses }
        let addresses = try await Self.lookUpOffThePool(host)
        answers.withLock { answers in
            if answers.count >= Self.keptAnswers { answers = answers.filter { $0.value.expires > now } }
            if answers.count >= Self.keptAnswers { answers.removeAll() }
            answers[host] = Answer(addresses: addresses, expires: now + Self.keptFor)
        }
        return addresses
    }

    /// Runs `getaddrinfo` on a Dispatch thread; a cancelled caller is let go at once and the
    /// lookup's late answer dropped.
    private static func lookUpOffThePool(_ host: String) async throws -> [IPAddress] {
        let waiter = OneTimeWaiter<[IPAddress]>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.wait(with: continuation)
                DispatchQueue.global().async { waiter.finish(Result { try lookUp(host) }) }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }

    private static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            throw HostResolutionError(description: "\(host) does not resolve: \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry, addresses.count < maximumAddresses {
            if let address = Self.address(current.pointee), !addresses.contains(address) { addresses.append(address) }
            entry = current.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw HostResolutionError(description: "\(host) has no IP address") }
        return addresses
    }

    private static func address(_ info: addrinfo) -> IPAddress? {
        guard let socketAddress = info.ai_addr else { return nil }
        switch info.ai_family {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                var address = pointer.pointee.sin_addr
                return IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) })
            }
        case AF_INET6:
            return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                var address = pointer.pointee.sin6_addr
                return IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) })
            }
        default:
            return nil
        }
    }
}

/// A continuation resumed exactly once, by whichever comes first: the answer or a cancellation
/// (which may come before the continuation is even stored).
private final class OneTimeWaiter<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, any Error>)
        case finishedEarly(Result<Value, any Error>)
        case done
    }

    private let state = Mutex<State>(.empty)

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            switch state {
            case .finishedEarly(let result):
                state = .done
                return result
            default:
                state = .waiting(continuation)
                return nil
            }
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .empty:
                state = .finishedEarly(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .finishedEarly, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
