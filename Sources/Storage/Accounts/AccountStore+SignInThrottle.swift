extension AccountStore {
    /// Where the sign-in throttle keeps its counts for this store: in memory on SQLite (one
    /// process serves the file), in the database on PostgreSQL (every instance counts the same
    /// failures). Make it once per process: each in-memory one counts on its own.
    public func signInThrottleStore(policy: SignInThrottlePolicy) -> any SignInThrottleStore {
        switch pool.engine {
        case .sqlite: MemorySignInThrottleStore(policy: policy)
        case .postgresql: PostgresSignInThrottleStore(pool: pool, policy: policy)
        }
    }
}
