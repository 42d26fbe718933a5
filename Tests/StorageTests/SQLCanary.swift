import CSQLite
import Synchronization

/// `canary()` and `unsafe_canary()`: SQL functions on every connection this test process opens
/// from the first ``install()`` on (`sqlite3_auto_extension`), the store's own included. Each
/// counts its calls (in ``count`` and ``unsafeCount``), so a test tells whether a file's view, trigger, CHECK constraint or index
/// expression was evaluated. `canary()` is marked `SQLITE_INNOCUOUS` (a schema may use it even with
/// `trusted_schema` off); `unsafe_canary()` is not. Both are deterministic, so that index
/// expressions may use them. Only the tests that install them call them.
enum SQLCanary {
    private static let calls = Atomic<Int>(0)
    private static let unsafeCalls = Atomic<Int>(0)

    /// Registers the functions for every later connection; later calls do nothing.
    static func install() { _ = installed }

    private static let installed: Void = {
        // The entry point is called as (db, error message, API routines); sqlite3_auto_extension
        // declares it as `void (*)(void)`, hence the cast (as SQLite's own documentation does).
        typealias EntryPoint = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, OpaquePointer?) -> Int32
        let entryPoint: EntryPoint = { db, _, _ in
            // The user data pointer tells the two apart: 1 for canary(), 2 for unsafe_canary().
            let count: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, _ in
                if Int(bitPattern: sqlite3_user_data(context)) == 1 {
                    SQLCanary.calls.add(1, ordering: .relaxed)
                } else {
                    SQLCanary.unsafeCalls.add(1, ordering: .relaxed)
                }
                sqlite3_result_int(context, 1)
            }
            let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
            let innocuous = sqlite3_create_function_v2(db, "canary", 0, flags | SQLITE_INNOCUOUS, UnsafeMutableRawPointer(bitPattern: 1), count, nil, nil, nil)
            guard innocuous == SQLITE_OK else { return innocuous }
            return sqlite3_create_function_v2(db, "unsafe_canary", 0, flags, UnsafeMutableRawPointer(bitPattern: 2), count, nil, nil, nil)
        }
        sqlite3_auto_extension(unsafeBitCast(entryPoint, to: (@convention(c) () -> Void).self))
    }()

    /// How many times `canary()` was called so far in this process.
    static var count: Int { calls.load(ordering: .relaxed) }
    /// How many times `unsafe_canary()` was called so far in this process.
    static var unsafeCount: Int { unsafeCalls.load(ordering: .relaxed) }
}
