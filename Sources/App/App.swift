// The App module; see DESIGN.md (Architecture).
