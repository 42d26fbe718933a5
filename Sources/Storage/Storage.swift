// The Storage module; see DESIGN.md (Architecture).
import CSQLite
