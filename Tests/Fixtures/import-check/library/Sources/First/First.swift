public struct Thing {}
