import Testing

@testable import LineFit
@testable import LineFitRender

/// Issue 13, defects 3 and 5: picture sizes have limits with typed errors, and the picture
/// type never traps on a size or a pixel a caller passes.
@Suite struct RenderLimitTests {
    @Test func canvasLimits() throws {
        try RenderCanvas(width: 1080, height: 1920).validate()
        try RenderCanvas(width: 16_384, height: 2_441).validate()  // 39,993,344 pixels
        try RenderCanvas(width: 1, height: 16_384).validate()
        #expect(throws: LineFitError.invalidOption(
            name: "canvas", reason: "16385x1: each side must be from 1 to 16384 pixels")) {
            try RenderCanvas(width: 16_385, height: 1).validate()
        }
        #expect(throws: LineFitError.invalidOption(name: "canvas", reason: "0x10: each side must be from 1 to 16384 pixels")) {
            try RenderCanvas(width: 0, height: 10).validate()
        }
        #expect(throws: LineFitError.invalidOption(
            name: "canvas", reason: "16384x2442 is 40009728 pixels, over the limit of 40000000 (40 megapixels)")) {
            try RenderCanvas(width: 16_384, height: 2_442).validate()
        }
    }

    @Test func imagesClampWhatTheyCannotHold() {
        let negative = RGBAImage(width: -4, height: 10)
        #expect(negative.width == 0 && negative.height == 10)
        let overflowing = RGBAImage(width: Int.max, height: 3)
        #expect(overflowing.width == 0 && overflowing.height == 0)
        let small = RGBAImage(width: 2, height: 2)
        #expect(small.pixel(x: 5, y: 0) == (0, 0, 0, 0))
        #expect(small.pixel(x: -1, y: -1) == (0, 0, 0, 0))
    }
}
