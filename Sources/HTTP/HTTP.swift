// The HTTP module; see DESIGN.md (Architecture).
import CLinuxShim
