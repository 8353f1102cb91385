"""Files that are not plain files, folders that cannot be read, colours printkit cannot paint:
each is one located diagnostic, never a hang or a silent skip."""

from __future__ import annotations

import os

from tests.compiler.pipeline.test_codes import TERRAIN


def where(result) -> list[tuple[str, str, int]]:
    return [(d.code, d.file, d.line) for d in result.report.diagnostics]


def test_a_pipe_and_a_device_named_like_content_are_gs110(compile_files, tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    result = compile_files({"a.yaml": TERRAIN})
    found = where(result)
    assert [(c, f) for c, f, _ in found] == [("GS110", "pipe.yaml"), ("GS110", "zero.yaml")]
    assert "not a regular file" in result.report.diagnostics[0].message


def test_a_folder_that_cannot_be_listed_is_gs111(compile_files, tmp_path, monkeypatch):
    (tmp_path / "locked").mkdir()
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    result = compile_files({"a.yaml": TERRAIN})
    assert [(c, f) for c, f, _ in where(result)] == [("GS111", "locked")]


def test_layout_colours_are_checked_where_they_are_written(compile_files):
    layout = (
        "kind: layout\nid: front\ncard-type: gear\n"
        "background: {field: hands, values: {'1': '#12'}}\n"
        "boxes:\n"
        "  - {type: rect, x: 1, y: 1, w: 5, h: 5, fill: notacolour}\n"
        "  - {type: rect, x: 1, y: 1, w: 5, h: 5, stroke: 'rgb(300,1,5)'}\n"
    )
    card_type = "kind: card-type\nid: gear\nname: Gear\nfields:\n  hands: {type: int}\n"
    result = compile_files({"t.yaml": card_type, "l.yaml": layout})
    assert where(result) == [("GS264", "l.yaml", 4), ("GS264", "l.yaml", 6), ("GS264", "l.yaml", 7)]
