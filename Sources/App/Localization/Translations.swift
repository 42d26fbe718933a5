import Foundation

/// Where the interface's translations come from, for the launcher and for translators.
public enum Translations {
    /// Names a directory of `.po` files read instead of the bundled ones: a translator
    /// tries their files without rebuilding, and the server checks them as it checks its own.
    public static let environmentVariable = "HOMEPWNER_TRANSLATIONS"

    /// `$HOMEPWNER_TRANSLATIONS` when set, else the files built into the program
    /// (`Sources/App/Resources/Localization`, copied into its resource bundle).
    public static var directory: String {
        if let directory = ProcessInfo.processInfo.environment[environmentVariable], !directory.isEmpty {
            return directory
        }
        return Bundle.module.url(forResource: "Localization", withExtension: nil)?.path
            ?? Bundle.module.bundleURL.appendingPathComponent("Localization").path
    }

    /// Every problem of the translations the interface reads (loading them if not yet
    /// loaded), nil when they are good. A server must not start otherwise.
    public static var loadError: TranslationError? {
        switch Strings.loaded {
        case .success: nil
        case .failure(let error): error
        }
    }
}
