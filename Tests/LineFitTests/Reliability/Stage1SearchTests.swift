import Testing
@testable import LineFit
import LineFitTestSupport

/// Stage 1 filling a box jumps (a size that fits lifts the search to the smallest line of its
/// least-height paths) and reads its first sizes off the lines instead of the sorted size
/// list. The oracle is the search it replaced: a plain binary search over the sorted distinct
/// candidate sizes, each probe the least block height summed in paragraph order. Both run on
/// the same candidate lines of generated texts, through `BalancedPlan.make`.
@Suite struct Stage1SearchTests {
    static let words = [
        "a", "to", "in", "sun", "day", "city", "lights", "summer", "weekend", "coffee", "morning", "adventure",
        "together", "beautiful", "WOW", "GOOD", "every", "line", "ok,", "x",
        // Wider than narrow boxes at the floor: emergency (forced) lines.
        "incomprehensibilities", "Donaudampfschifffahrtsgesellschaft",
    ]

    /// The distinct sizes the old search ran over: `lowest`, then every line size (not
    /// forced) above it and at most `ceiling`, ascending; empty paragraphs have none.
    static func sizes(_ cache: [LayoutEngine.BalancedParagraph], lowest: Double, ceiling: Double) -> [Double] {
        var sizes: [Double] = []
        for paragraph in cache where !paragraph.candidates.isEmpty {
            for line in paragraph.candidates.edges where !line.forced && line.size > lowest && line.size <= ceiling {
                sizes.append(line.size)
            }
        }
        var unique = [lowest]
        for size in sizes.sorted() where unique.last != size { unique.append(size) }
        return unique
    }

    /// The least height of `lines` (not empty) with every line at least `t` or forced, by a
    /// shortest path written out here (stage 1 probes a paragraph without a hint by its own
    /// loop, `plainLeastHeight`). The lines are grouped by start, starts in order: a start's
    /// least height is final before its lines are read. Each candidate is the same sum as there.
    static func plainLeastHeight(_ lines: CandidateLines, _ t: Double) -> Double? {
        var best = [Double](repeating: .infinity, count: lines.positions.count)
        best[0] = 0
        for line in lines.edges where line.size >= t || line.forced {
            best[line.to] = min(best[line.to], best[line.from] + line.size * line.heightPerPoint)
        }
        return best[best.count - 1].isFinite ? best[best.count - 1] : nil
    }

    /// The block's least height at `t` fits `height` (summed in paragraph order, as stage 1 does).
    static func fits(
        _ t: Double, _ cache: [LayoutEngine.BalancedParagraph], height: Double, fixedSize: Bool, hints: [BreakHint?]
    ) -> Bool {
        var scratch = BalancedLineBreaker.LeastHeightScratch()
        var total = 0.0
        for index in cache.indices {
            var breaker = BalancedLineBreaker(
                cache[index].candidates, writerThreshold: .infinity, fixedSize: fixedSize,
                hint: index < hints.count ? hints[index] : nil)
            breaker.emptySize = t
            let plain = breaker.hint == nil && !cache[index].candidates.isEmpty
            guard let least = plain
                ? Self.plainLeastHeight(cache[index].candidates, t) : breaker.leastHeight(threshold: t, scratch: &scratch)
            else { return false }
            total += least
            if total > height { return false }
        }
        return true
    }

    /// The largest index of `unique` in `range` that fits, by plain binary search; nil when
    /// not even the range's first fits.
    static func largestFitting(_ unique: [Double], in range: ClosedRange<Int>, _ fits: (Double) -> Bool) -> Int? {
        guard fits(unique[range.lowerBound]) else { return nil }
        var (low, high) = (range.lowerBound, range.upperBound + 1)
        while high - low > 1 {
            let mid = (low + high) / 2
            if fits(unique[mid]) { low = mid } else { high = mid }
        }
        return low
    }

    /// Hints as an editor would keep them: the breaks of an earlier layout's paths (all of
    /// them, or those before a random break for the edited paragraph); some paragraphs have none.
    static func hints(_ paths: [[Int]], _ cache: [LayoutEngine.BalancedParagraph], _ random: inout SplitMix64) -> [BreakHint?] {
        let edited = random.int(below: max(1, cache.count))
        return cache.indices.map { index in
            let lines = cache[index].candidates
            guard !lines.isEmpty, random.chance(80) else { return nil }
            let ends = paths[index].dropLast().map { lines.positions[lines.edges[$0].to] }
            let length = lines.positions.last ?? 0
            guard index == edited else { return BreakHint(breaks: Set(ends), limit: length, edited: false) }
            guard !ends.isEmpty else { return nil }
            let limit = ends[random.int(below: ends.count)]
            return BreakHint(breaks: Set(ends.filter { $0 <= limit }), limit: limit, edited: true)
        }
    }

    @Test func stage1EqualsThePlainBinarySearch() throws {
        var random = SplitMix64(seed: 0x57A6_E1)
        let engine = try LayoutEngine()
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let metrics = FontChainMetrics(fonts)
        var floored = 0, top = 0, between = 0, hintedThreshold = 0, forced = 0, forcedOnPath = 0, mixed = 0, empty = 0, fixed = 0
        for trial in 0..<600 {
            let paragraphs = (0..<(1 + random.int(below: 4))).map { _ in
                random.chance(20) ? "" : (0..<(1 + random.int(below: 14))).map { _ in random.pick(Self.words) }.joined(separator: " ")
            }
            let text = paragraphs.joined(separator: "\n")
            // Narrow boxes: clusters wider than the box even at the floor (forced lines).
            let width = random.chance(14) ? random.double(in: 1...9) : random.double(in: 150...900)
            let minSize = random.double(in: 8...30).rounded()
            let maxSize = random.chance(8) ? minSize : minSize + random.double(in: 20...200).rounded()
            let options = LayoutOptions(width: width, minSize: minSize, maxSize: maxSize)
            let measured = engine.measureParagraphs(Array(text.utf16), fonts: fonts, options: options).map(\.1)
            // The floor's least height, to scale the box around it.
            let floorSettings = engine.balancedSettings(options: options, minSize: minSize, maxSize: maxSize, fillHeight: nil)
            let floorCache = measured.map { engine.balancedParagraph($0, settings: floorSettings, metrics: metrics) }
            let scale = max(1, floorCache.reduce(0.0) { total, paragraph in
                total + (BalancedLineBreaker(paragraph.candidates, writerThreshold: .infinity, fixedSize: false)
                    .leastHeight(threshold: minSize)?.height ?? 0)
            })
            let height = switch random.int(below: 10) {
            case 0: scale * 0.3  // nothing fits
            case 1: scale * 1e4  // everything fits
            default: scale * random.double(in: 0.4...3)
            }
            // The settings a fill uses (candidates from a share of the greedy witness), or the floor's.
            let settings = random.chance(75)
                ? engine.balancedSettings(
                    options: options, minSize: minSize, maxSize: maxSize, fillHeight: height, paragraphs: measured,
                    metrics: metrics)
                : floorSettings
            var cache = measured.map { engine.balancedParagraph($0, settings: settings, metrics: metrics) }
            // Hints from the plan of a box a little taller or shorter (an editor's previous layout).
            var hints: [BreakHint?] = []
            if random.chance(40) {
                var earlier = measured.map { engine.balancedParagraph($0, settings: settings, metrics: metrics) }
                var earlierScratch = BalancedLineBreaker.LeastHeightScratch()
                let previous = BalancedPlan.make(
                    cache: &earlier, settings: settings, fillHeight: height * random.double(in: 0.9...1.1), hints: [],
                    scratch: &earlierScratch)
                hints = Self.hints(previous.paths, earlier, &random)
            }
            var scratch = BalancedLineBreaker.LeastHeightScratch()
            let plan = BalancedPlan.make(cache: &cache, settings: settings, fillHeight: height, hints: hints, scratch: &scratch)
            let context = "trial \(trial): \(text.debugDescription) width \(width) sizes \(minSize)...\(maxSize) box \(height)"

            if cache.contains(where: { $0.candidates.isEmpty }) { empty += 1 }
            if cache.contains(where: { $0.candidates.edges.contains(where: \.forced) }) { forced += 1 }
            if settings.fixedSize {
                fixed += 1
                #expect(plan.threshold == settings.lowest && !plan.floored, "\(context)")
                continue
            }
            var cap = Double.infinity
            var capParagraph: (Int, Range<Int>)?
            for (index, paragraph) in cache.enumerated() {
                if let widest = paragraph.candidates.widestSegment, widest.size < cap { (cap, capParagraph) = (widest.size, (index, widest.range)) }
            }
            let unique = Self.sizes(cache, lowest: settings.lowest, ceiling: max(cap, settings.lowest))
            let free = Self.largestFitting(unique, in: 0...(unique.count - 1)) {
                Self.fits($0, cache, height: height, fixedSize: false, hints: [])
            }
            guard let free else {
                floored += 1
                #expect(plan.floored && plan.threshold == settings.lowest && plan.limiting == nil, "\(context)")
                continue
            }
            if free == unique.count - 1 { top += 1 } else if free > 0 { between += 1 }
            #expect(!plan.floored, "\(context)")
            // A forced line on a least-height path at t* (the jump must step over it).
            let tStar = unique[free]
            if cache.contains(where: { paragraph in
                var breaker = BalancedLineBreaker(paragraph.candidates, writerThreshold: .infinity, fixedSize: false)
                breaker.emptySize = tStar
                return breaker.leastHeight(threshold: tStar)?.path.contains { paragraph.candidates.edges[$0].forced } ?? false
            }) {
                forcedOnPath += 1
                if cache.contains(where: { $0.candidates.edges.contains { !$0.forced && $0.size > settings.lowest } }) { mixed += 1 }
            }
            // Hinted: a threshold of its own (stage 1 bound by the hints, between τ·t* and t*)
            // when its cost is within the margin; otherwise the free t*.
            var allowed = [tStar]
            let hintedCount = hints.filter { $0 != nil }.count
            let untouched = hints.map { $0.flatMap { $0.edited ? nil : $0 } }
            let untouchedCount = untouched.filter { $0 != nil }.count
            var sets: [[BreakHint?]] = []
            if hintedCount > 0 { sets.append(hints) }
            if untouchedCount > 0, untouchedCount < hintedCount { sets.append(untouched) }
            let lowestHinted = unique.firstIndex { $0 >= BalancedCost.tau * tStar } ?? free
            for set in sets {
                if let index = Self.largestFitting(unique, in: lowestHinted...free, {
                    Self.fits($0, cache, height: height, fixedSize: false, hints: set)
                }), unique[index] >= BalancedCost.tau * tStar {
                    allowed.append(unique[index])
                }
            }
            #expect(allowed.contains(plan.threshold), "\(context): t \(plan.threshold), expected one of \(allowed)")
            if plan.threshold != tStar { hintedThreshold += 1 }
            let limiting = plan.threshold == cap ? capParagraph : nil
            #expect(plan.limiting?.0 == limiting?.0 && plan.limiting?.1 == limiting?.1, "\(context): limiting")
        }
        // Not vacuous: every kind of input and outcome occurs (forced lines on a least path
        // at t*, some of them next to lines that are not; thresholds the hints set).
        #expect(floored >= 10 && top >= 20 && between >= 40, "floored \(floored), top \(top), between \(between)")
        #expect(empty >= 20 && forced >= 10 && fixed >= 5, "empty \(empty), forced \(forced), fixed \(fixed)")
        #expect(forcedOnPath >= 5 && mixed >= 3, "forced on a least path \(forcedOnPath), next to others \(mixed)")
        #expect(hintedThreshold >= 2, "hinted thresholds \(hintedThreshold)")
    }
}
