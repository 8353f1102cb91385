"""printkit: turn a compiled game into printable cards, sheets, PDFs and boards.

It consumes a `compiler.CompiledGame` and its `layout` documents; sizes are physical
(millimetres, 300 DPI by default) and every output is written atomically.
"""
