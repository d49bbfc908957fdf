extension Line.Flags: CustomStringConvertible {
    /// The set flags' names as `--json` writes them, e.g. `[heldAtMax, endsParagraph]`.
    public var description: String {
        "[" + names.joined(separator: ", ") + "]"
    }

    /// Each set flag's name, in declaration order.
    public var names: [String] {
        Line.Flags.namedFlags.filter { contains($0.1) }.map { $0.0 }
    }

    /// Every flag with its name: the one table for descriptions and JSON.
    static let namedFlags: [(String, Line.Flags)] = [
        ("heldAtMax", .heldAtMax), ("brokenInsideWord", .brokenInsideWord), ("overflows", .overflows),
        ("empty", .empty), ("endsParagraph", .endsParagraph), ("widthAxisFallback", .widthAxisFallback),
    ]
}
