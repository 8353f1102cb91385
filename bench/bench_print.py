"""Print benchmark: cards per second for the seed packs at 300 DPI, beside bare Pillow.

For each pack under content/ it compiles once, then prints every deck and board to a PDF
with a fresh cache (cold), and again with the warm cache (an unchanged second run). In the
same run, a bare Pillow loop draws as many poker cards at 300 DPI as the packs have faces:
a filled frame and two word-wrapped text boxes each, with the same font, nothing else;
then again, encoding each to PNG with Pillow's own encoder at its fastest level
(`compress_level=1`): that loop is the baseline of the goal. Then once more encoding with the
cache's encoder (`printkit.png.encode`, ISA-L), so a reader also sees the ratio with the same
encoder on both sides. Times are CPU seconds (this process and its finished workers), so other
load on the machine does not count; the last lines give a cold print's speed as a fraction of
each loop.

    python bench/bench_print.py [PACK ...] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from timing import cpu  # noqa: E402

from compiler import compile_pack  # noqa: E402
from printkit import Options, PrintJob, png  # noqa: E402
from printkit.fonts import font  # noqa: E402
from printkit.geometry import CardGeometry  # noqa: E402

TEXT = (
    "At the start of your turn, draw a card. When an opponent attacks you, roll the die: on a "
    "five or six the attack misses and the attacker discards a card of your choice."
)


def bare_pillow(n: int, encode: Callable[[Image.Image], bytes] | None = None) -> float:
    """Seconds to draw `n` poker cards with plain Pillow calls, in this process; with
    `encode`, each is also encoded to PNG by it."""
    g = CardGeometry(63.5, 88.9, 3.0, 300)
    title, body = font("serif", True, False, 58), font("sans", False, False, 40)
    start = cpu()
    for i in range(n):
        image = Image.new("RGB", g.size_px, "#2f6fb3")
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle(
            (70, 70, g.size_px[0] - 70, g.size_px[1] - 70), radius=30, fill="#f5ead0"
        )
        draw.multiline_text(
            (100, 100),
            textwrap.fill(f"Card number {i} of the benchmark", 18),
            font=title,
            fill="#3b2a1a",
        )
        draw.multiline_text(
            (100, 560), textwrap.fill(TEXT, 34), font=body, fill="#2a1d10", spacing=8
        )
        if encode:
            encode(image)
    return cpu() - start


def print_pack(
    pack: Path, cache: Path, out: Path, workers: int | None
) -> tuple[PrintJob, float, float]:
    """(job, seconds drawing faces, seconds in total) for one print of the pack."""
    result = compile_pack(pack)
    if result.game is None:
        raise SystemExit(f"{pack} does not compile; run `gamesmith check {pack}`")
    start = cpu()
    job = PrintJob(result.game, Options(dpi=300, pdf=out, cache=cache, workers=workers))
    job.render()
    drawn = cpu()
    job.write()
    return job, drawn - start, cpu() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packs", nargs="*", type=Path)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    packs = args.packs or sorted(
        p for p in (ROOT / "content").iterdir() if (p / "game.yaml").exists()
    )
    workers = args.workers or os.cpu_count()
    print(f"printkit benchmark: 300 DPI, A4, {workers} worker processes")
    print(
        f"{'pack':<24}{'cards':>7}{'faces':>7}{'pages':>7}{'draw s':>9}{'faces/s':>9}"
        f"{'total s':>9}{'cards/s':>9}{'again s':>9}"
    )
    faces = cards = 0
    draw_time = total_time = again_time = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for pack in packs:
            cache, out = Path(tmp) / pack.name, Path(tmp) / f"{pack.name}.pdf"
            job, drawn, total = print_pack(pack, cache, out, workers)
            start = cpu()
            again, _, _ = print_pack(pack, cache, out, workers)
            unchanged = cpu() - start
            assert again.stats.rendered == 0
            copies = sum(c.count for c in job.cards)
            faces += job.stats.faces
            cards += copies
            draw_time, total_time, again_time = (
                draw_time + drawn,
                total_time + total,
                again_time + unchanged,
            )
            print(
                f"{pack.name:<24}{copies:>7}{job.stats.faces:>7}{job.stats.pages:>7}{drawn:>9.2f}"
                f"{job.stats.faces / drawn:>9.1f}{total:>9.2f}{copies / total:>9.1f}{unchanged:>9.2f}"
            )
        print(
            f"{'all packs':<24}{cards:>7}{faces:>7}{'':>7}{draw_time:>9.2f}{faces / draw_time:>9.1f}"
            f"{total_time:>9.2f}{cards / total_time:>9.1f}{again_time:>9.2f}"
        )
    baseline = bare_pillow(faces)
    print(
        f"bare Pillow, {faces} cards (frame + two wrapped texts, no file written, 1 process): "
        f"{baseline:.2f} s, {faces / baseline:.1f} cards/s"
    )
    encoded = bare_pillow(faces, encode=lambda image: png.pillow(image, 300, 1))  # Pillow's own
    print(
        f"bare Pillow + Pillow's PNG (compress_level=1), {faces} cards (1 process): "
        f"{encoded:.2f} s, {faces / encoded:.1f} cards/s"
    )
    ours = bare_pillow(faces, encode=lambda image: png.encode(image, 300))
    print(
        f"bare Pillow + the cache's PNG (printkit.png, ISA-L), {faces} cards (1 process): "
        f"{ours:.2f} s, {faces / ours:.1f} cards/s"
    )
    print(f"cold print against bare Pillow + Pillow's PNG: {encoded / total_time:.2f}x its speed "
          "(goal >= 0.5)")
    print(f"cold print against bare Pillow + the cache's PNG: {ours / total_time:.2f}x its speed "
          "(the same encoder on both sides)")
    print(
        "draw s: faces drawn into the cache (layout, fitting, icons, PNG); total s: plus sheets, "
        "boards and the PDF; again s: an unchanged second run, compile included."
    )


if __name__ == "__main__":
    main()
