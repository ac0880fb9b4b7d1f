import Declared
@testable import Undeclared
import XCTest
