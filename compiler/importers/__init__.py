"""Importers: stories written for other tools (Twine's Twee) turned into content packs, with a
report of what did not map. They write YAML for the compiler to read; they never run it."""
