import First

public let thing = Thing()
