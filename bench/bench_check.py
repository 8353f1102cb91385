"""Benchmark `gamesmith check` on a synthetic pack against a bare YAML parse of the same files.

Run: python bench/bench_check.py [--repeat N]. Prints both wall times and their ratio.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from synthetic_pack import generate  # noqa: E402
from timing import best_of  # noqa: E402

from compiler import compile_pack  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = generate(Path(tmp) / "pack")
        files = sorted(root.glob("*.yaml"))
        size = sum(f.stat().st_size for f in files)

        def bare_parse():
            for f in files:
                list(yaml.load_all(f.read_bytes(), Loader=yaml.CSafeLoader))

        result = compile_pack(root)
        assert result.report.errors == 0, result.report.sorted()[:5]
        parse = best_of(args.repeat, bare_parse)
        check = best_of(args.repeat, lambda: compile_pack(root))
        counts = result.report.counts
        print(f"pack: {len(files)} files, {size / 1e6:.1f} MB, {counts['card']} cards, "
              f"{counts['story-card']} story cards, {counts['landscape']} landscapes")
        print(f"bare YAML parse (CSafeLoader): {parse:.3f} s")
        print(f"gamesmith check:               {check:.3f} s")
        print(f"ratio check / parse:           {check / parse:.2f}x  (target <= 3x)")


if __name__ == "__main__":
    main()
