"""Drawing benchmark: CPU seconds to draw every face of the seed packs (text fitting, icons,
images; no PNG encoding, no files), this tree beside another checkout measured in the same run,
and whether each face came out with the same pixels and preflight issues in both.

    python bench/bench_draw.py --against /tmp/old [PACK ...] [--rounds N]

Make the other checkout with `git archive main | tar -x -C /tmp/old`. Each pack is drawn in a
fresh process per tree and round, as a cold worker draws it (fonts loaded, nothing
remembered); the trees take turns so other load on the machine falls on both, and the best
round counts. Times are that process's CPU seconds for drawing alone. Without `--against`, only
this tree is timed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def draw_pack(pack: Path) -> dict:
    """Draw every face of `pack` with the printkit on the import path: CPU seconds, and a
    digest of each face's pixels and issues in plan order."""
    from compiler import compile_pack
    from printkit import Options, PrintJob
    from printkit.render import render

    game = compile_pack(pack).game
    if game is None:
        raise SystemExit(f"{pack} does not compile; run `gamesmith check {pack}`")
    with tempfile.TemporaryDirectory() as tmp:
        faces = list(PrintJob(game, Options(cache=Path(tmp) / "cache", workers=1)).faces.values())
    drawn, seconds = [], 0.0
    for face in faces:
        start = time.process_time()
        image, issues = render(face)
        seconds += time.process_time() - start
        data = json.dumps([image.mode, image.size, [i.to_json() for i in issues]]).encode()
        drawn.append(hashlib.sha256(data + image.tobytes()).hexdigest())
    return {"cpu": seconds, "faces": drawn}


def measure(tree: Path, pack: Path) -> dict:
    """`draw_pack` in a fresh process importing gamesmith from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(pack)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packs", nargs="*", type=Path)
    parser.add_argument("--against", type=Path, help="another checkout to draw with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(draw_pack(args.child)))
        return
    packs = args.packs or sorted(
        p for p in (ROOT / "content").iterdir() if (p / "game.yaml").exists()
    )
    trees = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    print(f"drawing every face, no encoding: best of {args.rounds} cold processes, CPU s")
    print(f"{'pack':<24}{'faces':>7}" + "".join(f"{name + ' s':>11}" for name in trees)
          + (f"{'this/against':>14}{'same faces':>12}" if args.against else ""))
    totals = dict.fromkeys(trees, 0.0)
    for pack in packs:
        best: dict[str, float] = {}
        faces: dict[str, list[str]] = {}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                run = measure(tree, pack)
                best[name] = min(best.get(name, run["cpu"]), run["cpu"])
                faces[name] = run["faces"]
        row = f"{pack.name:<24}{len(faces['this']):>7}" + "".join(f"{best[n]:>11.3f}" for n in trees)
        if args.against:
            pairs = list(zip(faces["this"], faces["against"], strict=True))
            same = f"{sum(a == b for a, b in pairs)}/{len(pairs)}"
            row += f"{best['this'] / best['against']:>14.2f}{same:>12}"
        print(row)
        for name in trees:
            totals[name] += best[name]
    row = f"{'all packs':<24}{'':>7}" + "".join(f"{totals[n]:>11.3f}" for n in trees)
    if args.against:
        row += f"{totals['this'] / totals['against']:>14.2f}"
    print(row)


if __name__ == "__main__":
    main()
