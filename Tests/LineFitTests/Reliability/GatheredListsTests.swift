import Testing

@testable import LineFit

/// A resumed front keeps its starts' gathered lists (`BalancedLineBreaker.GatheredLists`) and
/// the next keystroke's resumed front reads a list again, renumbered, where no line ending at
/// its position was solved and each of its lines kept its entry. Chains of keystrokes (typing
/// at the end, spaces, backspaces, letters replaced a few words back), each front resumed from
/// the last one as an editor session does, the lines built reusing the last keystroke's.
@Suite struct GatheredListsTests {
    @Test func resumedFrontsEqualFreshOnesBitForBit() throws {
        var random = SplitMix64(seed: 0x6A7_4E5D)
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        var resumedFronts = 0, heldChecked = 0, renumbered = 0
        for width in [900.0, 1800.0] {
            let build = try SpartanLines(width: width, chain: chain)
            for trial in 0..<8 {
                var text = Self.paragraph(&random)
                var measured = build.measure(text)
                var lines = build.lines(measured)
                // The writer's rule in play on the widest lines (short paragraphs fit whole).
                let writerThreshold = trial % 2 == 0 ? 24.0 : .infinity
                var front = BalancedLineBreaker(lines, writerThreshold: writerThreshold, fixedSize: false)
                    .front(threshold: 24, budget: nil, quantum: 1)
                let scratch = BalancedLineBreaker.FrontScratch()
                for _ in 0..<50 {
                    text = Self.keystroke(text, &random)
                    let new = build.measure(text)
                    let agreed = new.agreement(with: measured)
                    guard agreed > 0 else { break }
                    let earlier = lines
                    lines = build.lines(new, reusing: (earlier, agreed))
                    measured = new
                    let breaker = BalancedLineBreaker(lines, writerThreshold: writerThreshold, fixedSize: false)
                    let fresh = breaker.front(threshold: 24, budget: nil, quantum: 1)
                    guard breaker.resumes(front, starts: lines.reusedStarts, threshold: 24, budget: nil) else {
                        front = fresh
                        continue
                    }
                    let before = front.gatheredLists.renumbered
                    let resumed = breaker.resumedFront(
                        threshold: 24, resume: front, starts: lines.reusedStarts, scratch: scratch)
                    resumedFronts += 1
                    renumbered += resumed.gatheredLists.renumbered - before
                    let context = "\(text.debugDescription), width \(width)"
                    // Every entry, links included, and where each line's entries are.
                    #expect(resumed.entryStart == fresh.entryStart, "\(context)")
                    #expect(resumed.entries.count == fresh.entries.count && zip(resumed.entries, fresh.entries).allSatisfy {
                        $0.cost.bitPattern == $1.cost.bitPattern && $0.height.bitPattern == $1.height.bitPattern
                            && $0.previousEdge == $1.previousEdge && $0.previousEntry == $1.previousEntry
                    }, "\(context)")
                    #expect(resumed.final.map(\.edge) == fresh.final.map(\.edge)
                            && resumed.final.map(\.entry) == fresh.final.map(\.entry), "\(context)")
                    heldChecked += Self.expectListsGatheredAfresh(resumed, breaker, context)
                    front = resumed
                }
            }
        }
        // Not vacuous: fronts were resumed, lists held, and most read again rather than gathered.
        #expect(resumedFronts > 400, "only \(resumedFronts) fronts resumed")
        #expect(heldChecked > 5_000, "only \(heldChecked) lists checked")
        #expect(renumbered > 3_000, "only \(renumbered) lists read again")
    }

    /// 20 to 49 short words.
    static func paragraph(_ random: inout SplitMix64) -> String {
        let words = ["a", "il", "x", "sun", "WOW", "ferry", "coffee", "i", "to", "summer"]
        return (0..<(20 + random.int(below: 30))).map { _ in words[random.int(below: words.count)] }
            .joined(separator: " ")
    }

    /// Mostly a letter or a space typed at the end; now and then a backspace, or a letter
    /// typed over another a few words back (widths after it change).
    static func keystroke(_ text: String, _ random: inout SplitMix64) -> String {
        let letters = Array("aeinorstlmWcuy"), units = Array(text.utf16)
        let letter = String(letters[random.int(below: letters.count)])
        switch random.int(below: 20) {
        case 0: return String(decoding: units.dropLast(), as: UTF16.self)
        case 1, 2:
            let nonSpaces = units.indices.filter { units[$0] != 32 }
            guard !nonSpaces.isEmpty else { return text }
            var changed = units
            changed[nonSpaces[nonSpaces.count - 1 - random.int(below: min(nonSpaces.count, 30))]] = letter.utf16.first!
            return String(decoding: changed, as: UTF16.self)
        case 3...5: return text + " "
        default: return text + letter
        }
    }

    /// Each list the front holds is what `gather` makes at its position over the front's own
    /// lines and entries, bit for bit; returns how many it holds.
    static func expectListsGatheredAfresh(
        _ front: BalancedLineBreaker.Front, _ breaker: BalancedLineBreaker, _ context: String
    ) -> Int {
        let lists = front.gatheredLists
        let plain = !breaker.writerLineFits && !breaker.lines.isEmpty
        var held = 0, incoming: [Int] = [], gathered: [BalancedLineBreaker.Incoming] = []
        for a in lists.lists.indices where lists.isHeld(a) {
            held += 1
            breaker.listIncoming(a, from: 0, threshold: 24, plain: plain, into: &incoming)
            let (count, lowest) = front.entries.withUnsafeBufferPointer { entries in
                front.entryStart.withUnsafeBufferPointer { entryStart in
                    breaker.lines.edges.withUnsafeBufferPointer { lineOf in
                        BalancedLineBreaker.gather(
                            &gathered, incoming, room: incoming.count, entries: entries, entryStart: entryStart,
                            lines: lineOf)
                    }
                }
            }
            let list = lists.lists[a]
            let same = count == list.count && lowest?.bitPattern == (list.lowest.isNaN ? nil : list.lowest.bitPattern)
                && zip(list.items[..<list.count], gathered[..<count]).allSatisfy {
                    $0.edge == $1.edge && $0.entry == $1.entry && $0.cost.bitPattern == $1.cost.bitPattern
                        && $0.height.bitPattern == $1.height.bitPattern && $0.logSize.bitPattern == $1.logSize.bitPattern
                        && $0.size.bitPattern == $1.size.bitPattern && $0.oneSegment == $1.oneSegment
                }
            #expect(same, "\(context): list at position \(a)")
        }
        return held
    }
}
