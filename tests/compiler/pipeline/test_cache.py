"""The check cache: a hit gives the same report as compiling, any changed file is a miss,
and a damaged entry is compiled again."""

from __future__ import annotations

import sys

from compiler import compile_pack
from compiler.cache import cache_folder, checked
from tests.compiler.pipeline.conftest import write_pack

STORY = """\
kind: story
id: walk
title: A walk
start: "1"
cards:
  "1": {text: Go on., goto: "2"}
  "2": {ending: victory}
"""


def test_a_hit_gives_what_compiling_gives(tmp_path):
    pack = write_pack(_folder(tmp_path), {"story.yaml": STORY.replace('goto: "2"', 'goto: "9"')})
    fresh = compile_pack(pack).report
    first, _ = checked(pack)
    again, sources = checked(pack)
    assert [d.as_dict() for d in again.diagnostics] == [d.as_dict() for d in fresh.diagnostics]
    assert "GS402" in {d.code for d in again.diagnostics}
    assert again.counts == fresh.counts
    assert any(name.endswith("story.yaml") for name in sources)
    assert len(list((cache_folder() / "check").glob("*.json"))) == 1


def test_a_changed_file_is_compiled_again(tmp_path):
    pack = write_pack(_folder(tmp_path), {"story.yaml": STORY})
    assert checked(pack)[0].errors == 0
    (pack / "story.yaml").write_text(STORY.replace('goto: "2"', 'goto: "9"'))
    assert {d.code for d in checked(pack)[0].diagnostics} == {"GS402", "GS406"}


def test_a_damaged_entry_is_compiled_again(tmp_path):
    pack = write_pack(_folder(tmp_path), {"story.yaml": STORY})
    checked(pack)
    (entry,) = (cache_folder() / "check").glob("*.json")
    entry.write_bytes(b"not a pickle")
    assert checked(pack)[0].errors == 0


def test_a_hit_builds_no_content_models(tmp_path):
    """The point of the cache: an unchanged pack is re-checked without the validators."""
    import subprocess

    pack = write_pack(_folder(tmp_path), {"story.yaml": STORY})
    probe = ("import sys; from pathlib import Path; from compiler.cache import checked; "
             f"checked(Path({str(pack)!r})); print('compiler.pipeline' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True).stdout.strip() for _ in range(2)]
    assert runs == ["True", "False"]


def _folder(tmp_path):
    (tmp_path / "pack").mkdir()
    return tmp_path / "pack"
