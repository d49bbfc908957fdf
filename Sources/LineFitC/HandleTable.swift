import CLineFit
import Foundation

/// The kinds of object a handle can name; a handle of one kind is refused where another is
/// expected, even though C sees every handle as a pointer-sized token.
enum HandleKind: UInt8, CustomStringConvertible {
    case font = 1, fontChain, options, engine, layout, editor, style

    var description: String {
        switch self {
        case .font: "font"
        case .fontChain: "font chain"
        case .options: "options"
        case .engine: "engine"
        case .layout: "layout"
        case .editor: "editor"
        case .style: "style"
        }
    }
}

/// Every object the C API has handed out, by slot. A handle is never a pointer to memory: it
/// packs a slot number (low half of the word) and the slot's generation (high half), so a
/// destroyed handle, a made-up value or a handle of another kind is recognised and refused
/// instead of being dereferenced. Destroying bumps the slot's generation, so a stale copy of
/// a handle stays invalid after its slot is reused.
final class HandleTable: @unchecked Sendable {
    static let shared = HandleTable()

    private struct Slot {
        var generation: UInt
        var kind: HandleKind?
        var object: AnyObject?
    }

    /// Half a pointer for each field: on 64-bit targets 2³² slots and generations, on 32-bit
    /// ones (armv7 Android) 2¹⁶ of each.
    private static let halfBits = UInt.bitWidth / 2
    private static let halfMask: UInt = (1 << halfBits) - 1

    private let lock = NSLock()
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []

    /// Stores `object` and returns its new handle.
    func insert(_ object: AnyObject, kind: HandleKind) throws(CAPIFailure) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        let index: Int
        if let reused = freeSlots.popLast() {
            index = reused
        } else {
            guard UInt(slots.count) < HandleTable.halfMask - 1 else {
                throw CAPIFailure(LINEFIT_ERROR_LIBRARY, "too many live LineFit objects (\(slots.count))")
            }
            slots.append(Slot(generation: 1, kind: nil, object: nil))
            index = slots.count - 1
        }
        slots[index].kind = kind
        slots[index].object = object
        let bits = (slots[index].generation << HandleTable.halfBits) | UInt(index + 1)
        return OpaquePointer(bitPattern: bits)!
    }

    /// The object a handle names, if it is live and of `kind`. The caller's strong reference
    /// keeps the object alive for the rest of its call, even if another thread destroys the
    /// handle meanwhile.
    func object(_ handle: OpaquePointer?, kind: HandleKind) throws(CAPIFailure) -> AnyObject {
        lock.lock()
        defer { lock.unlock() }
        let index = try slotIndex(handle, kind: kind)
        return slots[index].object!
    }

    /// Releases the object a handle names; the handle and every copy of it become invalid.
    func remove(_ handle: OpaquePointer?, kind: HandleKind) throws(CAPIFailure) {
        let released: AnyObject?
        lock.lock()
        do {
            let index = try slotIndex(handle, kind: kind)
            released = slots[index].object
            slots[index].object = nil
            slots[index].kind = nil
            var next = (slots[index].generation + 1) & HandleTable.halfMask
            if next == 0 { next = 1 }
            slots[index].generation = next
            freeSlots.append(index)
        } catch {
            lock.unlock()
            throw error
        }
        lock.unlock()
        // The last reference may go here: deinit (FreeType, ICU) runs outside the lock.
        _ = released
    }

    /// How many objects are live (for tests).
    var liveCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return slots.count - freeSlots.count
    }

    private func slotIndex(_ handle: OpaquePointer?, kind: HandleKind) throws(CAPIFailure) -> Int {
        guard let handle else { throw CAPIFailure(LINEFIT_ERROR_NULL_ARGUMENT, "the \(kind) handle is NULL") }
        let bits = UInt(bitPattern: handle)
        let slotNumber = bits & HandleTable.halfMask
        let generation = bits >> HandleTable.halfBits
        guard slotNumber >= 1, slotNumber <= UInt(slots.count) else {
            throw CAPIFailure(LINEFIT_ERROR_INVALID_HANDLE, "not a LineFit \(kind) handle (never made, or destroyed)")
        }
        let index = Int(slotNumber - 1)
        guard slots[index].generation == generation, let actual = slots[index].kind else {
            throw CAPIFailure(LINEFIT_ERROR_INVALID_HANDLE, "the \(kind) handle was destroyed (or was never made)")
        }
        guard actual == kind else {
            throw CAPIFailure(LINEFIT_ERROR_WRONG_HANDLE_KIND, "expected a \(kind) handle, got a \(actual) handle")
        }
        return index
    }
}
