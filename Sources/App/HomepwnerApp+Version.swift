extension HomepwnerApp {
    /// The program's version, the one place it is written: `homepwner --version` prints it.
    public static let version = "0.3.0"
}
