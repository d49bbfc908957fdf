import CLineFit
import Foundation
import LineFit

/// `linefit_font_create_from_file` (linefit.h).
@_cdecl("linefit_font_create_from_file")
public func linefit_font_create_from_file(
    _ path: UnsafePointer<CChar>?, _ faceIndex: Int32, _ font: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    capiCall {
        let path = try cString(path, "path")
        let out = try required(font, "font")
        try handOut(try Font(path: path, faceIndex: Int(faceIndex)), kind: .font, to: out)
    }
}

/// `linefit_font_create_from_bytes` (linefit.h).
@_cdecl("linefit_font_create_from_bytes")
public func linefit_font_create_from_bytes(
    _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ name: UnsafePointer<CChar>?, _ faceIndex: Int32,
    _ font: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    capiCall {
        let bytes = try required(bytes, "bytes")
        let name = try cString(name, "name")
        let out = try required(font, "font")
        let data = Data(bytes: bytes, count: try sizeArgument(length, "length"))
        try handOut(try Font(data: data, name: name, faceIndex: Int(faceIndex)), kind: .font, to: out)
    }
}

/// `linefit_font_destroy` (linefit.h).
@_cdecl("linefit_font_destroy")
public func linefit_font_destroy(_ font: OpaquePointer?) -> linefit_status_t {
    capiCall { try HandleTable.shared.remove(font, kind: .font) }
}

/// `linefit_font_get_units_per_em` (linefit.h).
@_cdecl("linefit_font_get_units_per_em")
public func linefit_font_get_units_per_em(_ font: OpaquePointer?, _ unitsPerEm: UnsafeMutablePointer<Int32>?) -> linefit_status_t {
    capiCall {
        let font = try lookUp(font, .font, as: Font.self)
        try required(unitsPerEm, "units_per_em").pointee = Int32(font.unitsPerEm)
    }
}

/// `linefit_bundled_fonts_directory` (linefit.h).
@_cdecl("linefit_bundled_fonts_directory")
public func linefit_bundled_fonts_directory(
    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let length = try required(length, "length")
        let capacity = try sizeArgument(capacity, "capacity")
        guard let directory = BundledFonts.directory else {
            throw CAPIFailure(LINEFIT_ERROR_NOT_FOUND, "the bundled fonts' folder was not found (set \(BundledFonts.environmentVariable) to it)")
        }
        let bytes = Array(directory.utf8)
        length.pointee = bytes.count
        guard let buffer else {
            guard capacity == 0 else { throw CAPIFailure(LINEFIT_ERROR_NULL_ARGUMENT, "buffer is NULL with capacity \(capacity)") }
            return
        }
        guard capacity > bytes.count else {
            throw CAPIFailure(LINEFIT_ERROR_BUFFER_TOO_SMALL, "the buffer holds \(capacity) bytes, \(bytes.count + 1) are needed")
        }
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        buffer[bytes.count] = 0
    }
}

/// `linefit_font_chain_create` (linefit.h).
@_cdecl("linefit_font_chain_create")
public func linefit_font_chain_create(
    _ fonts: UnsafePointer<OpaquePointer?>?, _ count: Int, _ chain: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    capiCall {
        let fonts = try required(fonts, "fonts")
        let out = try required(chain, "chain")
        guard count >= 1 else { throw CAPIFailure(LINEFIT_ERROR_NO_FONTS, "a font chain needs at least one font") }
        var loaded: [Font] = []
        for index in 0..<count {
            loaded.append(try lookUp(fonts[index], .font, as: Font.self))
        }
        try handOut(FontChainObject(try FontChain(fonts: loaded)), kind: .fontChain, to: out)
    }
}

/// `linefit_font_chain_create_bundled` (linefit.h).
@_cdecl("linefit_font_chain_create_bundled")
public func linefit_font_chain_create_bundled(
    _ directory: UnsafePointer<CChar>?, _ fileName: UnsafePointer<CChar>?, _ chain: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    capiCall {
        let out = try required(chain, "chain")
        let folder: String
        if let directory {
            folder = try cString(directory, "directory")
        } else {
            guard let found = BundledFonts.directory else {
                throw CAPIFailure(LINEFIT_ERROR_NOT_FOUND, "the bundled fonts' folder was not found (set \(BundledFonts.environmentVariable) to it)")
            }
            folder = found
        }
        let primaryName = try fileName.map { try cString($0, "file_name") } ?? Style.default.font
        let names = [primaryName] + BundledFonts.defaultFallbackNames
        var fonts: [Font] = []
        for name in names {
            let path = name.contains("/") ? name : (folder as NSString).appendingPathComponent(name)
            let font = try FontCache.shared.font(path)
            if !fonts.contains(font) { fonts.append(font) }
        }
        try handOut(FontChainObject(try FontChain(fonts: fonts)), kind: .fontChain, to: out)
    }
}

/// `linefit_font_chain_destroy` (linefit.h).
@_cdecl("linefit_font_chain_destroy")
public func linefit_font_chain_destroy(_ chain: OpaquePointer?) -> linefit_status_t {
    capiCall { try HandleTable.shared.remove(chain, kind: .fontChain) }
}

/// `linefit_font_chain_get_count` (linefit.h).
@_cdecl("linefit_font_chain_get_count")
public func linefit_font_chain_get_count(_ chain: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> linefit_status_t {
    capiCall {
        let chain = try lookUp(chain, .fontChain, as: FontChainObject.self)
        try required(count, "count").pointee = chain.chain.fonts.count
    }
}
