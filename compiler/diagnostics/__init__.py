"""Diagnostics: what the compiler (and printkit's preflight) says about content.

A `Diagnostic` has a stable code from `CATALOGUE`, a severity, a message, a
location (file, line, column; 1-based) and an optional hint. `Report` collects
them for one run; `formats` renders a report as text, json, sarif or github.
"""

from compiler.diagnostics.catalogue import CATALOGUE, Entry
from compiler.diagnostics.formats import FORMATS, render
from compiler.diagnostics.model import Diagnostic, Location, Report, Severity

__all__ = [
    "CATALOGUE",
    "FORMATS",
    "Diagnostic",
    "Entry",
    "Location",
    "Report",
    "Severity",
    "render",
]
