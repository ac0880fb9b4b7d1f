public let third = 3
