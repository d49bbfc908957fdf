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
    /// when it cannot.
    func remeasure(
        _ old: inout MeasuredParagraph, units: [UInt16], contentLength: Int, edit: Range<Int>, insertedCount: Int,
        chain: FontChain, options: LayoutOptions, style: ParagraphShapingStyle
    ) -> Range<Int>? {
        let delta = insertedCount - edit.count
        guard edit.upperBound <= old.contentLength, contentLength == old.contentLength + delta,
              units.count == old.length + delta, contentLength > 0, !old.runs.isEmpty else { return nil }

        // The window, in old offsets: [outerStart, innerStart) and [innerEnd, outerEnd) are margins.
        let opportunities = old.breaks.filter { $0 < old.contentLength } + [old.contentLength]
        let before = opportunities.lastIndex { $0 <= edit.lowerBound && $0 > 0 }
        let innerStart = before.flatMap { $0 > 0 ? opportunities[$0 - 1] : 0 } ?? 0
        let outerStart = before.flatMap { $0 > 1 ? opportunities[$0 - 2] : 0 } ?? 0
        guard let after = opportunities.firstIndex(where: { $0 > edit.upperBound }) ?? opportunities.indices.last else {
            return nil
        }
        let innerEndOld = max(opportunities[min(after + 1, opportunities.count - 1)], edit.upperBound)
        let outerEndOld = opportunities[min(after + 2, opportunities.count - 1)]
        guard old.isSafeBoundary[innerStart], old.isSafeBoundary[innerEndOld],
              innerStart <= edit.lowerBound, outerEndOld >= innerEndOld else { return nil }
        let innerEnd = innerEndOld + delta
        let outerEnd = outerEndOld + delta
        let window = outerStart..<outerEnd

        // ICU segments Thai, Lao, Khmer and Burmese with dictionaries over whole runs of text.
        for unit in units[window] where Self.isDictionaryScript(unit) { return nil }

        // Bidi levels are resolved over the whole paragraph; outside the inserted text they
        // must not move.
        var levels: [UInt8] = []
        let paragraphLevel = bidi.resolve(units, range: 0..<contentLength, direction: options.baseDirection, into: &levels)
        guard paragraphLevel == old.paragraphLevel else { return nil }
        for i in 0..<contentLength where i < edit.lowerBound || i >= edit.lowerBound + insertedCount {
            let j = i < edit.lowerBound ? i : i - delta
            if levels[i] != old.levels[j] { return nil }
        }

        // Graphemes and line opportunities of the window, checked against the margins.
        var graphemeEnds: [Int] = []
        graphemeBreaker.boundaries(in: units, range: window) { end, _ in graphemeEnds.append(window.lowerBound + end) }
        var windowBreaks: [Int] = []
        lineBreaker.boundaries(in: units, range: window) { position, _ in windowBreaks.append(window.lowerBound + position) }
        let oldGraphemes = (outerStart + 1...outerEndOld).filter { old.isGraphemeStart[$0] }
        // The window's end is always a boundary to ICU; the paragraph's last break is after its
        // terminator, so the end itself is left out of the comparison.
        guard marginsAgree(graphemeEnds, oldGraphemes, innerStart: innerStart, innerEnd: innerEnd, delta: delta),
              marginsAgree(windowBreaks.filter { $0 < outerEnd }, old.breaks.filter { $0 > outerStart && $0 < outerEndOld },
                           innerStart: innerStart, innerEnd: innerEnd, delta: delta) else { return nil }

        // Scripts and fonts of the window, carried in from the unit before it.
        var missing: [MissingCharacters] = []
        // Neutral characters take the script before them, or, at the paragraph's start, the
        // first script after them: when the window holds the paragraph's first script, the
        // neutrals before it must still resolve to the same script.
        let scriptBefore = outerStart > 0 && Self.hasOwnScript(units, 0..<outerStart)
        let hasScript = itemizer.resolveScripts(units, range: window, carry: scriptBefore ? old.scripts[outerStart - 1] : nil)
        if !scriptBefore {
            guard hasScript else { return nil }
            if outerStart > 0, itemizer.scripts[0] != old.scripts[0] { return nil }
        }
        itemizer.chooseFonts(
            units, range: window, graphemeEnds: graphemeEnds, chain: chain,
            previous: outerStart > 0 ? old.fontIndices[outerStart - 1] : nil, missing: &missing)
        for i in window where i < innerStart || i >= innerEnd {
            let k = i - outerStart, j = i < innerStart ? i : i - delta
            if itemizer.scripts[k] != old.scripts[j] || itemizer.fonts[k] != old.fontIndices[j] { return nil }
        }

        // The window must sit inside one run, before and after the edit alike.
        let runIndex = old.runIndex(containing: outerStart)
        let run = old.runs[runIndex]
        guard run.range.upperBound >= outerEndOld else { return nil }
        for i in window {
            let k = i - outerStart
            if levels[i] != run.level || itemizer.scripts[k] != run.script || itemizer.fonts[k] != run.fontIndex {
                return nil
            }
        }
        let newRun = ItemRun(range: run.range.lowerBound..<(run.range.upperBound + delta), level: run.level,
                             script: run.script, fontIndex: run.fontIndex)
        shaper.shape(
            units, item: window, context: 0..<contentLength, font: chain.fonts[run.fontIndex],
            style: style.style(for: newRun), into: &scratchGlyphs)
        guard let runGlyphs = splice(
            old.glyphs[runIndex], with: scratchGlyphs, rightToLeft: run.isRightToLeft, innerStart: innerStart,
            innerEndOld: innerEndOld, outerStart: outerStart, outerEndOld: outerEndOld, delta: delta) else { return nil }

        let breaks = old.breaks.filter { $0 <= innerStart }
            + windowBreaks.filter { $0 > innerStart && $0 < innerEnd }
            + old.breaks.filter { $0 >= innerEndOld }.map { $0 + delta }
        let allMissing = old.missing.filter { $0.end <= innerStart }
            + missing.filter { $0.start >= innerStart && $0.end <= innerEnd }
            + old.missing.filter { $0.start >= innerEndOld }.shifted(by: delta)

        // Every check passed: from here on `old` becomes the new measurement.
        var measured: MeasuredParagraph {
            get { old }
            _modify { yield &old }
        }
        measured.units = units
        measured.contentLength = contentLength
        measured.levels = levels
        measured.scripts.replaceSubrange(innerStart..<innerEndOld, with: itemizer.scripts[(innerStart - outerStart)..<(innerEnd - outerStart)])
        measured.fontIndices.replaceSubrange(innerStart..<innerEndOld, with: itemizer.fonts[(innerStart - outerStart)..<(innerEnd - outerStart)])
        measured.runs[runIndex] = newRun
        measured.glyphs[runIndex] = runGlyphs
        for index in (runIndex + 1)..<measured.runs.count {
            let r = measured.runs[index]
            measured.runs[index].range = (r.range.lowerBound + delta)..<(r.range.upperBound + delta)
            for g in measured.glyphs[index].indices { measured.glyphs[index][g].cluster += delta }
        }
        measured.isGraphemeStart.replaceSubrange(
            (innerStart + 1)..<(innerEndOld + 1),
            with: ((innerStart + 1)...innerEnd).map { p in graphemeEnds.contains(p) })
        measured.isWhitespace.replaceSubrange(innerStart..<innerEndOld, with: repeatElement(false, count: innerEnd - innerStart))
        var i = innerStart
        while i < innerEnd {
            let (scalar, count) = UTF16Scalars.decode(units, at: i, limit: innerEnd)
            if UnicodeProperties.isWhitespace(scalar) { for j in i..<(i + count) { measured.isWhitespace[j] = true } }
            i += count
        }
        measured.breaks = breaks
        measured.missing = allMissing
        measured.deriveGlyphTables()
        return innerStart..<innerEnd
    }

    /// Whether boundaries found in the window agree with the old ones in both margins.
    private func marginsAgree(_ found: [Int], _ old: [Int], innerStart: Int, innerEnd: Int, delta: Int) -> Bool {
        let foundBefore = found.filter { $0 <= innerStart }, oldBefore = old.filter { $0 <= innerStart }
        let foundAfter = found.filter { $0 >= innerEnd }, oldAfter = old.filter { $0 >= innerEnd - delta }.map { $0 + delta }
        return foundBefore == oldBefore && foundAfter == oldAfter
    }

    /// The run's glyphs with the inner window replaced, if the margins reshaped identically
    /// and the cuts are safe; nil otherwise.
    private func splice(
        _ oldGlyphs: [ShapedGlyph], with window: [ShapedGlyph], rightToLeft: Bool, innerStart: Int,
        innerEndOld: Int, outerStart: Int, outerEndOld: Int, delta: Int
    ) -> [ShapedGlyph]? {
        let innerEnd = innerEndOld + delta
        let oldLeftMargin = oldGlyphs.slice(clusters: outerStart..<innerStart, rightToLeft: rightToLeft)
        let oldRightMargin = oldGlyphs.slice(clusters: innerEndOld..<outerEndOld, rightToLeft: rightToLeft)
        let newLeftMargin = window.slice(clusters: outerStart..<innerStart, rightToLeft: rightToLeft)
        let newRightMargin = window.slice(clusters: innerEnd..<(outerEndOld + delta), rightToLeft: rightToLeft)
        guard oldLeftMargin.elementsEqual(newLeftMargin),
              oldRightMargin.elementsEqual(newRightMargin, by: { $0.shifted(by: delta) == $1 }) else { return nil }
        let inner = window.slice(clusters: innerStart..<innerEnd, rightToLeft: rightToLeft)
        // A cut before a glyph flagged unsafe-to-break would not reproduce a whole-run shaping.
        let firstInner = rightToLeft ? inner.last : inner.first
        let firstAfter = rightToLeft ? newRightMargin.last : newRightMargin.first
        if firstInner?.unsafeToBreak == true || firstAfter?.unsafeToBreak == true { return nil }
        let before = oldGlyphs.slice(clusters: 0..<innerStart, rightToLeft: rightToLeft)
        let afterOld = oldGlyphs.slice(clusters: innerEndOld..<Int.max, rightToLeft: rightToLeft)
        var result: [ShapedGlyph] = []
        result.reserveCapacity(before.count + inner.count + afterOld.count)
        if rightToLeft {
            result.append(contentsOf: afterOld.lazy.map { $0.shifted(by: delta) })
            result.append(contentsOf: inner)
            result.append(contentsOf: before)
        } else {
            result.append(contentsOf: before)
            result.append(contentsOf: inner)
            result.append(contentsOf: afterOld.lazy.map { $0.shifted(by: delta) })
        }
        return result
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

extension ShapedGlyph {
    func shifted(by delta: Int) -> ShapedGlyph {
        var glyph = self
        glyph.cluster += delta
        return glyph
    }
}
