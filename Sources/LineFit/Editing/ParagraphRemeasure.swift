import Foundation

/// Re-measuring a paragraph after an edit by redoing only a window around it.
///
/// A fresh measurement itemizes, segments and shapes the whole paragraph; a keystroke must
/// not. The window runs from two break opportunities before the edit to two after it. Its
/// outer segment on each side is a margin: the window is re-itemized, re-segmented (ICU) and
/// reshaped (HarfBuzz, with the paragraph as context), and the margins must come out exactly
/// as before — same grapheme and line boundaries, scripts, fonts and glyphs — which shows the
/// edit's influence has died out inside the window. HarfBuzz's unsafe-to-break flags must
/// also allow cutting at the inner edges. Then the old measurement outside the inner window is
/// kept (shifted), the new one inside is spliced in, and the tables derived from glyphs are
/// rebuilt. Whenever a condition fails (the edit changes bidi levels elsewhere or the run
/// structure around it, or touches text that ICU segments with dictionaries), the caller
/// measures afresh, so the result always equals a fresh measurement.
extension ParagraphMeasurer {
    /// Updates `old` in place (its arrays are edited, not copied, when the caller owns them
    /// alone) and returns the range, in new offsets, outside which the paragraph measures
    /// exactly as before (shifted by the edit after it); returns nil, leaving `old` untouched,
    /// when it cannot. `previousLength` is the old paragraph's length: the caller may have
    /// taken the units out of `old` to edit them in place into `units`.
    func remeasure(
        _ old: inout MeasuredParagraph, units: [UInt16], previousLength: Int, contentLength: Int, edit: Range<Int>,
        insertedCount: Int, chain: FontChain, options: LayoutOptions, style: ParagraphShapingStyle
    ) -> Range<Int>? {
        let delta = insertedCount - edit.count
        guard edit.upperBound <= old.contentLength, contentLength == old.contentLength + delta,
              units.count == previousLength + delta, contentLength > 0, !old.runs.isEmpty else { return nil }

        // The window, in old offsets: [outerStart, innerStart) and [innerEnd, outerEnd) are
        // margins. Opportunities are the breaks inside the content, then the content's end.
        let breaks = old.breaks
        let inContent = breaks.partitioningIndex { $0 >= old.contentLength }
        func opportunity(_ index: Int) -> Int { index < inContent ? breaks[index] : old.contentLength }
        let count = inContent + 1
        var before = breaks.partitioningIndex { $0 > edit.lowerBound } - 1  // last opportunity <= edit start
        if before >= inContent { before = inContent - 1 }
        let innerStart = before >= 1 ? opportunity(before - 1) : 0
        let outerStart = before >= 2 ? opportunity(before - 2) : 0
        let after = min(breaks.partitioningIndex { $0 > edit.upperBound }, count - 1)
        let innerEndOld = max(opportunity(min(after + 1, count - 1)), edit.upperBound)
        let outerEndOld = opportunity(min(after + 2, count - 1))
        guard innerStart <= edit.lowerBound, outerEndOld >= innerEndOld,
              old.isSafeBoundary[innerStart], old.isSafeBoundary[innerEndOld] else { return nil }
        let innerEnd = innerEndOld + delta
        let outerEnd = outerEndOld + delta
        let window = outerStart..<outerEnd

        // ICU segments Thai, Lao, Khmer and Burmese with dictionaries over whole runs of text.
        for unit in units[window] where Self.isDictionaryScript(unit) { return nil }

        // Bidi levels are resolved over the whole paragraph; outside the inserted text they
        // must not move.
        // A paragraph without bidi stays without it unless the edit inserts some.
        let mayHaveBidi = old.mayHaveBidi
            || BidiResolver.mayRaiseLevels(units, edit.lowerBound..<(edit.lowerBound + insertedCount))
        let paragraphLevel: UInt8
        if mayHaveBidi {
            paragraphLevel = bidi.resolve(units, range: 0..<contentLength, direction: options.baseDirection, into: &levelScratch)
            guard paragraphLevel == old.paragraphLevel else { return nil }
            // As one array for the byte comparisons (the levels read the same).
            old.levels.closeGap()
            let oldLevels = old.levels.storage
            guard Self.sameBytes(levelScratch[..<edit.lowerBound], oldLevels[..<edit.lowerBound]),
                  Self.sameBytes(levelScratch[(edit.lowerBound + insertedCount)...], oldLevels[edit.upperBound...])
            else { return nil }
        } else {
            // Every level is 0, before and after (the old levels are edited at the end: a
            // new array of zeros was O(paragraph) per keystroke).
            paragraphLevel = 0
        }

        // Graphemes and line opportunities of the window, checked against the margins. The
        // window's end is always a boundary to ICU; the paragraph's last break comes after its
        // terminator, so the end itself is not compared for breaks.
        graphemeEnds.removeAll(keepingCapacity: true)
        if itemizer.simpleTextPath && SimpleText.isASCIIWithoutCRLF(units, window) {
            // Every unit is a cluster (as in `measure`): ICU's grapheme pass is skipped.
            graphemeEnds.append(contentsOf: window.lazy.map { $0 + 1 })
        } else {
            graphemeBreaker.boundaries(in: units, range: window) { end, _ in graphemeEnds.append(outerStart + end) }
        }
        windowBreaks.removeAll(keepingCapacity: true)
        lineBreaker.boundaries(in: units, range: window) { position, _ in windowBreaks.append(outerStart + position) }
        let margins = Margins(outerStart: outerStart, innerStart: innerStart, innerEnd: innerEnd, outerEnd: outerEnd, delta: delta)
        guard margins.agree(graphemeEnds, through: outerEnd, flags: &flagScratch, old: { old.isGraphemeStart[$0] }),
              margins.agree(windowBreaks, through: outerEnd - 1, flags: &flagScratch, old: { old.hasBreak(at: $0) })
        else { return nil }

        // Scripts and fonts of the window, carried in from the unit before it. Neutral
        // characters take the script before them, or, at the paragraph's start, the first
        // script after them: when the window holds the paragraph's first script, the neutrals
        // before it must still resolve to the same script.
        var missing: [MissingCharacters] = []
        let scriptBefore = outerStart > 0 && Self.hasOwnScript(units, 0..<outerStart)
        let hasScript = itemizer.resolveScripts(units, range: window, carry: scriptBefore ? old.scripts[outerStart - 1] : nil)
        if !scriptBefore {
            guard hasScript else { return nil }
            if outerStart > 0, itemizer.scripts[0] != old.scripts[0] { return nil }
        }
        itemizer.chooseFonts(
            units, range: window, graphemeEnds: graphemeEnds, chain: chain,
            previous: outerStart > 0 ? old.fontIndices[outerStart - 1] : nil, missing: &missing)

        // The window must sit inside one run, before and after the edit alike, so only that
        // run's glyphs change.
        let runIndex = old.runIndex(containing: outerStart)
        let run = old.runs[runIndex]
        guard run.range.upperBound >= outerEndOld else { return nil }
        for i in window {
            let k = i - outerStart
            if (mayHaveBidi ? levelScratch[i] : 0) != run.level || itemizer.scripts[k] != run.script || itemizer.fonts[k] != run.fontIndex {
                return nil
            }
        }
        let newRun = ItemRun(range: run.range.lowerBound..<(run.range.upperBound + delta), level: run.level,
                             script: run.script, fontIndex: run.fontIndex)
        shaper.shape(
            units, item: window, context: 0..<contentLength, font: chain.fonts[run.fontIndex],
            style: style.style(for: newRun), into: &scratchGlyphs)
        guard let plan = splicePlan(
            old.glyphs[runIndex], with: scratchGlyphs, rightToLeft: run.isRightToLeft, innerStart: innerStart,
            innerEndOld: innerEndOld, outerStart: outerStart, outerEndOld: outerEndOld, delta: delta) else { return nil }

        // Every check passed: `old` becomes the new measurement, edited in place.
        old.units = units
        old.contentLength = contentLength
        old.paragraphLevel = paragraphLevel
        old.mayHaveBidi = mayHaveBidi
        if mayHaveBidi {
            old.levels.swapStorage(with: &levelScratch)
        } else {
            old.levels.replaceSubrange(edit, with: repeatElement(0, count: insertedCount))
        }
        let inner = (innerStart - outerStart)..<(innerEnd - outerStart)
        old.scripts.replaceSubrange(innerStart..<innerEndOld, with: itemizer.scripts[inner])
        old.fontIndices.replaceSubrange(innerStart..<innerEndOld, with: itemizer.fonts[inner])
        old.runs[runIndex] = newRun
        old.glyphs[runIndex].splice(
            replaced: innerStart..<innerEndOld, with: plan, rightToLeft: run.isRightToLeft, delta: delta)
        for index in (runIndex + 1)..<old.runs.count {
            let range = old.runs[index].range
            old.runs[index].range = (range.lowerBound + delta)..<(range.upperBound + delta)
            old.glyphs[index].shift(by: delta)
        }
        old.isGraphemeStart.replaceSubrange(
            (innerStart + 1)..<(innerEndOld + 1), with: repeatElement(false, count: innerEnd - innerStart))
        for end in graphemeEnds where end > innerStart && end <= innerEnd { old.isGraphemeStart[end] = true }
        old.isWhitespace.replaceSubrange(innerStart..<innerEndOld, with: repeatElement(false, count: innerEnd - innerStart))
        var i = innerStart
        while i < innerEnd {
            let (scalar, count) = UTF16Scalars.decode(units, at: i, limit: innerEnd)
            if UnicodeProperties.isWhitespace(scalar) { for j in i..<(i + count) { old.isWhitespace[j] = true } }
            i += count
        }
        let firstReplaced = old.breaks.partitioningIndex { $0 > innerStart }
        let firstKept = old.breaks.partitioningIndex { $0 >= innerEndOld }
        let countBefore = old.breaks.count
        old.breaks.replaceSubrange(
            firstReplaced..<firstKept, with: windowBreaks.lazy.filter { $0 > innerStart && $0 < innerEnd })
        let firstShifted = firstKept + old.breaks.count - countBefore
        // Through a buffer: the loop vectorizes (element by element it was ~1.5 K instructions
        // a keystroke over the ~850 breaks after the middle of a 10,000-character paragraph).
        if delta != 0 {
            old.breaks.withUnsafeMutableBufferPointer { breaks in
                for index in firstShifted..<breaks.count { breaks[index] &+= delta }
            }
        }
        if !old.missing.isEmpty || !missing.isEmpty {
            old.missing = old.missing.filter { $0.end <= innerStart }
                + missing.filter { $0.start >= innerStart && $0.end <= innerEnd }
                + old.missing.filter { $0.start >= innerEndOld }.shifted(by: delta)
        }
        old.patchGlyphTables(
            from: innerStart, oldEnd: innerEndOld, newEnd: innerEnd, glyphs: plan, runStart: newRun.range.lowerBound)
        return innerStart..<innerEnd
    }

    /// The two margins of a window, in new offsets.
    private struct Margins {
        var outerStart, innerStart, innerEnd, outerEnd, delta: Int

        /// Whether the boundaries `found` (ascending, in the window) are exactly the old
        /// boundaries in both margins: (outerStart, innerStart] and [innerEnd, last].
        func agree(_ found: [Int], through last: Int, flags: inout [Bool], old: (Int) -> Bool) -> Bool {
            flags.removeAll(keepingCapacity: true)
            flags.append(contentsOf: repeatElement(false, count: outerEnd - outerStart + 1))
            for position in found { flags[position - outerStart] = true }
            if innerStart > outerStart {
                for p in (outerStart + 1)...innerStart where flags[p - outerStart] != old(p) { return false }
            }
            if last >= innerEnd {
                for p in innerEnd...last where flags[p - outerStart] != old(p - delta) { return false }
            }
            return true
        }
    }

    /// The inner window's new glyphs, if the margins reshaped identically and the cuts are
    /// safe; nil otherwise.
    private func splicePlan(
        _ oldGlyphs: RunGlyphs, with window: [ShapedGlyph], rightToLeft: Bool, innerStart: Int,
        innerEndOld: Int, outerStart: Int, outerEndOld: Int, delta: Int
    ) -> ArraySlice<ShapedGlyph>? {
        let innerEnd = innerEndOld + delta
        let newLeftMargin = window.slice(clusters: outerStart..<innerStart, rightToLeft: rightToLeft)
        let newRightMargin = window.slice(clusters: innerEnd..<(outerEndOld + delta), rightToLeft: rightToLeft)
        guard oldGlyphs.elementsEqual(clusters: outerStart..<innerStart, rightToLeft: rightToLeft, shift: 0, newLeftMargin),
              oldGlyphs.elementsEqual(
                clusters: innerEndOld..<outerEndOld, rightToLeft: rightToLeft, shift: delta, newRightMargin)
        else { return nil }
        let inner = window.slice(clusters: innerStart..<innerEnd, rightToLeft: rightToLeft)
        // A cut before a glyph flagged unsafe-to-break would not reproduce a whole-run shaping.
        let firstInner = rightToLeft ? inner.last : inner.first
        let firstAfter = rightToLeft ? newRightMargin.last : newRightMargin.first
        if firstInner?.unsafeToBreak == true || firstAfter?.unsafeToBreak == true { return nil }
        return inner
    }

    /// Byte-wise equality (memcmp): the generic `elementsEqual` costs ~25 instructions a level.
    static func sameBytes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    static func hasOwnScript(_ units: [UInt16], _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            let (scalar, count) = UTF16Scalars.decode(units, at: i, limit: range.upperBound)
            let script = UnicodeProperties.script(scalar)
            if script != UnicodeProperties.commonScript && script != UnicodeProperties.inheritedScript { return true }
            i += count
        }
        return false
    }

    /// Scripts ICU breaks with dictionaries: Thai, Lao, Burmese, Khmer (and Tai Tham, Myanmar extensions).
    static func isDictionaryScript(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF, 0x1A20...0x1AAF,
             0xA9E0...0xA9FF, 0xAA60...0xAA7F:
            return true
        default:
            return false
        }
    }
}

extension MeasuredParagraph {
    func hasBreak(at position: Int) -> Bool {
        let index = breaks.partitioningIndex { $0 >= position }
        return index < breaks.count && breaks[index] == position
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that is false
    /// then true along the array (a binary search).
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension ShapedGlyph {
    func shifted(by delta: Int) -> ShapedGlyph {
        var glyph = self
        glyph.cluster += delta
        return glyph
    }
}
