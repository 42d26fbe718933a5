// The Layout module; see DESIGN.md (Architecture).
