// The Mustache module; see DESIGN.md (Architecture).
