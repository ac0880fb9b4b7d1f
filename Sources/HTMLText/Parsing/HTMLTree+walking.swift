extension HTMLTree {
    /// Visits the nodes under `root` (itself included) in document order, with a stack of its own
    /// rather than recursion, so that no depth of nesting can exhaust the thread's stack.
    ///
    /// `enter` is called with each node before its children and says whether to go into them;
    /// `leave` is called with each node that was entered, after its children.
    func walk(from root: Int, enter: (Int) -> Bool, leave: (Int) -> Void = { _ in }) {
        var stack: [(index: Int, leaving: Bool)] = [(root, false)]
        while let (index, leaving) = stack.popLast() {
            if leaving {
                leave(index)
                continue
            }
            guard enter(index) else { continue }
            stack.append((index, true))
            for child in nodes[index].children.reversed() { stack.append((child, false)) }
        }
    }
}
