import Foundation
import LineFit
import LineFitRender

/// The pinned picture of issue 10: the 280-unit story in style Strong, greedy breaks, no
/// height box, on the 1080 × 1920 story canvas; one iteration is layout + raster + encode,
/// in process, with fonts and engine warm (as a batch worker runs).
enum PinnedPicture {
    static func text() throws -> String {
        try Job.load("story-spartan-00280").text
    }

    /// `bench-driver picture [RUNS]`: the minimum over RUNS iterations of each format, the
    /// file size, and the split into layout, raster and encode.
    static func report(runs: Int) throws {
        let text = try text()
        let style = Style.strong
        let fonts = try style.fontChain()
        let engine = try LayoutEngine()
        let canvas = RenderCanvas.story
        let options = style.layoutOptions(width: Double(canvas.width) - 2 * style.margin, maxHeight: nil)
        let renderer = PNGRenderer(canvas: canvas)
        // Wall clock and this thread's CPU time (the second is what a shared, loaded machine
        // does not inflate: time spent waiting for a core is not counted).
        print("format  wall ms  cpu ms (min of \(runs))  layout  raster  encode   bytes")
        for format in ImageFormat.allCases {
            var best = (total: Double.infinity, layout: 0.0, raster: 0.0, encode: 0.0)
            var bytes = 0
            var bestCPU = Double.infinity
            for _ in 0..<runs {
                let cpuStart = threadCPUTime()
                let start = DispatchTime.now().uptimeNanoseconds
                let styled = try style.layout(text, options: options, fonts: fonts, engine: engine)
                let laidOut = DispatchTime.now().uptimeNanoseconds
                let image = try renderer.render(styled)
                let painted = DispatchTime.now().uptimeNanoseconds
                let data = try image.encoded(as: format)
                let end = DispatchTime.now().uptimeNanoseconds
                bestCPU = min(bestCPU, threadCPUTime() - cpuStart)
                bytes = data.count
                let total = Double(end - start) / 1e6
                if total < best.total {
                    best = (total, Double(laidOut - start) / 1e6, Double(painted - laidOut) / 1e6, Double(end - painted) / 1e6)
                }
            }
            print(String(format: "%-6@  %7.2f  %7.2f             %6.2f  %6.2f  %6.2f  %7d",
                         format.rawValue as NSString, best.total, bestCPU, best.layout, best.raster, best.encode, bytes))
        }
    }
}

/// This thread's CPU time in milliseconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}
