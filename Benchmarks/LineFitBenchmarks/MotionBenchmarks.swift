// Motion suites (issue 9), full runs only (not in the CI smoke pass):
//
//   motion:transition-frame-x100:<story-280>
//                                         100 `LayoutTransition.frame(at:)` calls between the
//                                         280-unit caption and the same caption with one
//                                         more character typed in the middle (one sample is
//                                         100 frames, so the harness's own per-sample cost,
//                                         about a microsecond, is not read as the frame's);
//                                         a frame is the time / 100, read against
//                                         keystroke-replay:<story-280> (target ≤ 0.1×, p99
//                                         too), written into one reused frame
//   motion:transition-frame-x10:<story-280>
//                                         ten such frames a sample: a sample as long as a
//                                         keystroke's, for comparing p99s
//   motion:transition-frame-new-x100:<story-280>
//                                         the same, a new frame value each time
//   motion:transition-build:<story-280>   making that transition (glyph and line matching)
//   motion:encode-webp:540x960-3s         a 3-second, 30 fps typing animation (20 graphemes ×
//   motion:encode-gif:540x960-3s          100 ms + 1 s hold = 90 frames) at 540×960 in the
//                                         Strong style: typing, rendering and encoding

import Benchmark
import Foundation
import LineFit
import LineFitRender

func registerMotionBenchmarks() {
    guard !BenchmarkSettings.smoke else { return }
    let job = Stories.job(Stories.primarySeries, 280)
    // A different progress each time, as an animation asks for (1/(n+1) ... n/(n+1)), into
    // one frame's storage as `TypingAnimation` draws them. Ten frames a sample make a sample
    // about as long as a keystroke's, so that both meet the machine's interruptions equally
    // often and their p99s compare; a hundred keep the harness's own cost out of the median.
    for frames in [100, 10] {
        Benchmark("motion:transition-frame-x\(frames):\(job.name)") { benchmark, fixture in
            for step in 1...frames {
                fixture.transition.frame(at: Double(step) / Double(frames + 1), into: &fixture.frame)
                blackHole(fixture.frame.glyphs.count)
            }
        } setup: {
            try TransitionFixture(job)
        }
    }
    Benchmark("motion:transition-frame-new-x100:\(job.name)") { benchmark, transition in
        // The same frames, each a new value (new arrays every frame).
        for step in 1...100 {
            blackHole(transition.frame(at: Double(step) / 101))
        }
    } setup: {
        try TransitionFixture(job).transition
    }
    Benchmark("motion:transition-build:\(job.name)") { benchmark, fixture in
        blackHole(LayoutTransition(from: fixture.before, to: fixture.after, edit: fixture.edit))
    } setup: {
        try TransitionFixture(job)
    }
    var slow = BenchmarkSettings.configuration
    slow.warmupIterations = 0
    slow.maxIterations = 3
    slow.maxDuration = .seconds(60)
    for format in [AnimationRenderer.Format.webp(quality: 80), .gif] {
        let name = format == .gif ? "gif" : "webp"
        Benchmark("motion:encode-\(name):540x960-3s", configuration: slow) { benchmark, fixture in
            blackHole(try AnimationRenderer(canvas: fixture.canvas).render(
                fixture.animation, style: fixture.style, fonts: fixture.fonts, format: format))
        } setup: {
            try AnimationFixture()
        }
    }
}

final class TransitionFixture {
    let before: Layout
    let after: Layout
    let edit: TextEdit
    let transition: LayoutTransition
    /// Storage the frame benchmark writes into.
    var frame: TransitionFrame

    init(_ job: Job) throws {
        let session = try EditorSession(text: job.text, fonts: try job.fontChain(), options: job.options)
        before = session.layout
        let result = try session.insert("e", at: job.length / 2)
        after = result.layout
        edit = result.edit
        transition = LayoutTransition(from: before, to: after, edit: edit)
        frame = transition.frame(at: 0.5)
    }
}

final class AnimationFixture {
    static let text = "Summer nights 🌙 city"
    let canvas = RenderCanvas(width: 540, height: 960)
    let style: Style
    let fonts: FontChain
    let animation: TypingAnimation

    init() throws {
        style = Style.strong.scaled(by: 0.5)
        fonts = try style.fontChain()
        let options = style.layoutOptions(width: 540 - 2 * style.margin, maxHeight: 960 - 4 * style.margin)
        let timing = TypingAnimation.Timing(fps: 30, keystrokeMilliseconds: 100, transitionMilliseconds: 200, holdMilliseconds: 1000)
        animation = try TypingAnimation(text: Self.text, style: style, options: options, fonts: fonts, timing: timing)
        precondition(animation.frameCount == 90, "3 s at 30 fps")
    }
}
