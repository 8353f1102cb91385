"""A print job: plan the faces of the chosen decks, draw them (in parallel, through the
cache), collect preflight issues, then write the PDF, PNGs, TTS decks and boards.

    job = PrintJob(game, Options(paper="letter", backs="duplex-long", pdf=Path("cards.pdf")))
    issues = job.render()          # preflight issues, nothing written yet
    paths = job.write()            # the outputs asked for; then the cache is pruned

`progress(stage, total)` (optional) returns a function called with the number of steps done.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from compiler.compiled import CompiledGame
from compiler.files import write_atomic
from compiler.language.documents import DEFAULT_CARD_SIZES, Cards, CardSize, CardType, Layout
from printkit import boards, defaults, imposition, parallel, pdf, tts
from printkit.cache import Cache, default_folder, png_bytes
from printkit.content import CONTEXT, face_values, referenced
from printkit.geometry import MM_PER_INCH, PAPER, CardGeometry, card_size
from printkit.icons import IconSource
from printkit.pdf import PDF_VERSION
from printkit.preflight import Issue, check_layout, merge
from printkit.render import RENDER_VERSION, Face, face_key, references, render

Progress = Callable[[str, int], Callable[[int], None]]


@dataclass(frozen=True)
class Options:
    decks: tuple[str, ...] = ()  # none: every deck
    boards: tuple[str, ...] | None = None  # None: every board, unless decks are chosen
    paper: str = "a4"
    bleed: float = 3.0
    dpi: int = 300
    backs: str = "none"
    marks: bool = True
    gutter: float = 0.0
    pdf: Path | None = None
    png: Path | None = None
    tts: Path | None = None
    cache: Path | None = None  # default: the pack's folder in the user's cache directory
    clean_cache: bool = False  # after writing, drop every cache entry this run did not use
    workers: int | None = None


@dataclass
class PrintedCard:
    """A card to print: its faces by cache key, how many copies, at what trim size."""

    id: str
    deck: str
    name: str
    count: int
    size: tuple[float, float]
    front: str
    back: str


@dataclass
class Stats:
    faces: int = 0  # distinct faces
    rendered: int = 0  # drawn this run (the rest came from the cache)
    pages: int = 0
    pruned: int = 0  # cache files removed after writing


class PrintJob:
    def __init__(
        self, game: CompiledGame, options: Options, progress: Progress | None = None
    ) -> None:
        unknown = [d for d in options.decks if d not in game.decks]
        if unknown:
            raise KeyError(unknown[0])
        self.game = game
        self.options = options
        self.progress = progress
        self.cache = Cache.claim(options.cache or default_folder(game.root, game.game.id))
        self.stats = Stats()
        self.cards: list[PrintedCard] = []
        self.faces: dict[str, Face] = {}
        self._owners: dict[str, list[str]] = {}
        self._read: dict[str, tuple[set[str], str]] = {}  # layout id -> (names it reads, JSON)
        self._defaults: dict[str, Layout] = {}
        self._issues: list[Issue] = []
        self._plan()

    # -- planning ------------------------------------------------------------------------

    def _plan(self) -> None:
        game, opts = self.game, self.options
        icons = _icons(game)
        checked: set[str] = set()
        as_back = {c.back for c in game.cards.values() if c.back and c.back in game.cards}
        names = _printed_names(game)
        for deck_id, deck in game.decks.items():
            if opts.decks and deck_id not in opts.decks:
                continue
            card_type = game.card_types[deck.type]
            front_layout = self._layout(deck, card_type, "front")
            size = self._size(front_layout, card_type)
            geometry = CardGeometry(
                size.width, size.height, opts.bleed, opts.dpi, front_layout.safe_margin
            )
            back_layout = self._layout(deck, card_type, "back") or defaults.back(
                deck, card_type, game.game, size
            )
            for lay in (front_layout, back_layout):
                if lay.id not in checked and not lay.id.startswith("default-"):
                    checked.add(lay.id)
                    self._issues += check_layout(lay, card_type, geometry)
            for card in deck.cards:
                if card.count == 0 or card.id in as_back:
                    continue
                values = face_values(card, deck, card_type, game.game, names)
                front = self._face(front_layout, values, geometry, icons, card.id)
                if card.back in game.cards:
                    other = game.cards[card.back]
                    other_deck = game.decks[game.deck_of[other.id]]
                    other_type = game.card_types[other_deck.type]
                    other_layout = self._layout(other_deck, other_type, "front")
                    other_values = face_values(other, other_deck, other_type, game.game, names)
                    back = self._face(other_layout, other_values, geometry, icons, other.id)
                else:
                    back = self._face(back_layout, values, geometry, icons, card.id)
                self.cards.append(
                    PrintedCard(
                        card.id,
                        deck_id,
                        card.name,
                        card.count,
                        (size.width, size.height),
                        front,
                        back,
                    )
                )
        self.stats.faces = len(self.faces)

    def _layout(self, deck: Cards, card_type: CardType, side: str) -> Layout | None:
        """The deck's own layout for `side`, else its card type's; a plain front if none."""
        found = [
            lay
            for lay in self.game.layouts.values()
            if lay.card_type == card_type.id and lay.side == side
        ]
        for lay in sorted(found, key=lambda lay: lay.deck != deck.id):
            if lay.deck in (None, deck.id):
                return lay
        if side == "front":
            key = f"front-{card_type.id}"
            if key not in self._defaults:
                self._defaults[key] = defaults.front(card_type, self._size(None, card_type))
            return self._defaults[key]
        return None

    def _size(self, layout: Layout | None, card_type: CardType) -> CardSize:
        name = (layout.size if layout else None) or card_type.size
        found = card_size(name, self.game.game.card_sizes)
        if found is None:
            where = (
                {"layout": layout.id, "path": ("size",)}
                if layout and layout.size
                else {"card_type": card_type.id, "path": ("size",)}
            )
            known = sorted({*self.game.game.card_sizes, *DEFAULT_CARD_SIZES})
            issue = Issue(
                "GS707",
                f"card size '{name}' is not declared",
                hint="sizes: " + ", ".join(known),
                **where,
            )
            if issue not in self._issues:
                self._issues.append(issue)
            return DEFAULT_CARD_SIZES["poker"]
        return found

    def _face(self, layout: Layout, values: dict, geometry: CardGeometry, icons, card: str) -> str:
        if layout.id not in self._read:
            self._read[layout.id] = (referenced(layout), layout.model_dump_json())
        names, dump = self._read[layout.id]
        face = Face(
            layout, {n: values.get(n) for n in sorted(names)}, geometry, icons, self.game.root
        )
        key = face_key(face, dump)
        self.faces.setdefault(key, face)
        owners = self._owners.setdefault(key, [])
        if names - set(CONTEXT) and card not in owners:
            owners.append(card)
        return key

    # -- drawing -------------------------------------------------------------------------

    def render(self) -> list[Issue]:
        """Draw every face the cache lacks; return every preflight issue, cached ones too."""
        missing = [key for key in self.faces if self.cache.issues(key) is None]
        self.stats.rendered = len(missing)
        advance = (
            self.progress("drawing cards", len(missing)) if self.progress and missing else None
        )
        parallel.run(
            _draw,
            [(self.cache.folder, key, self.faces[key]) for key in missing],
            self.options.workers,
            advance,
        )
        issues = list(self._issues)
        for key in self.faces:
            owners = self._owners.get(key) or [None]
            for issue in self.cache.issues(key) or []:
                issues += [issue.for_card(card) for card in owners]
        return merge(issues)

    def references(self) -> list[Issue]:
        """The preflight issues found without drawing: layout fields, card sizes, icons,
        image files, fonts (what `gamesmith check` reports; overflow needs `render`)."""
        issues = list(self._issues)
        for key, face in self.faces.items():
            owners = self._owners.get(key) or [None]
            for issue in references(face):
                issues += [issue.for_card(card) for card in owners]
        return merge(issues)

    # -- outputs -------------------------------------------------------------------------

    def write(self) -> list[Path]:
        """Write the outputs asked for, then prune the cache (see `printkit.cache`)."""
        opts = self.options
        written: list[Path] = []
        if opts.pdf:
            written.append(self._pdf(opts.pdf))
        if opts.png:
            written += self._png(opts.png)
        if opts.tts:
            written += self._tts(opts.tts)
        self.stats.pruned = self.cache.prune(everything=opts.clean_cache)
        return written

    def _pdf(self, path: Path) -> Path:
        paper = PAPER[self.options.paper]
        card_pages, board_jobs = self._card_pages(paper), self._board_jobs(paper)
        self._run([job for job in board_jobs if self.cache.load(job[0], "boards") is None])
        pages = [self._sheet(sheet, cards, paper) for sheet, cards in card_pages]
        pages += self._board_pages(board_jobs, paper)
        self.stats.pages = len(pages)
        # The same pages make the same PDF: an unchanged run copies the last one.
        key = _hash([RENDER_VERSION, PDF_VERSION, self.game.game.title, [repr(p) for p in pages]])
        done = self.cache.path(key, "pdf", ".pdf")
        if not done.is_file():
            self.cache.put(key, "pdf", pdf.document(pages, self.game.game.title), ".pdf")
        write_atomic(path, done.read_bytes())
        return path

    def _sheet(self, sheet: imposition.Sheet, cards: list[tuple[imposition.Slot, str]],
               paper: tuple[float, float]) -> pdf.Page:
        """A sheet of cards: each face placed at its slot, then the crop marks."""
        slots = [slot for slot, _ in cards]
        placed = imposition.placements(sheet, slots)
        pictures = tuple(pdf.Picture(self.cache.path(key), p.image, p.clip, p.turned)
                         for (_, key), p in zip(cards, placed, strict=True))
        return pdf.Page(paper, pictures, tuple(sheet.mark_lines(slots)))

    def _card_pages(self, paper: tuple[float, float]) -> list[tuple]:
        """(sheet, slots and face keys) for every sheet of cards, fronts then backs; cards of
        one size share sheets."""
        opts = self.options
        jobs = []
        by_size: dict[tuple[float, float], list[PrintedCard]] = {}
        for card in self.cards:
            by_size.setdefault(card.size, []).append(card)
        for size, cards in by_size.items():
            sheet = imposition.fit(paper, size, opts.bleed, opts.gutter, opts.marks)
            if sheet is None:
                raise ValueError(
                    f"a {size[0]:g}×{size[1]:g} mm card does not fit on {opts.paper} paper"
                )
            copies = [c for c in cards for _ in range(c.count)]
            slots = sheet.slots()
            for start in range(0, len(copies), sheet.per_page):
                batch = copies[start : start + sheet.per_page]
                jobs.append((sheet, [(slots[i], c.front) for i, c in enumerate(batch)]))
                if opts.backs != "none":
                    backs = [
                        (sheet.back_of(slots[i], opts.backs), c.back) for i, c in enumerate(batch)
                    ]
                    jobs.append((sheet, backs))
        return jobs

    def _board_pages(self, board_jobs: list[tuple], paper: tuple[float, float]) -> list[pdf.Page]:
        """The pages of drawn boards: large ones cut over pages, the others packed together."""
        pages: list[pdf.Page] = []
        small: list[tuple] = []  # board image, size, caption image, caption width
        for key, landscape, *_ in board_jobs:
            done = self.cache.load(key, "boards")
            board = self.cache.path(f"{key}-board", "boards")
            size = tuple(done["size"])
            captions = [(self.cache.path(f"{key}-{n}", "boards"), width)
                        for n, width in enumerate(done["captions"], start=1)]
            if done["pages"]:
                cut = [pdf.Page(p, tuple(pictures))
                       for p, pictures in boards.page_pictures(board, size, captions, paper)]
                pages += cut * landscape.count
            else:
                small += [(board, size, *captions[0])] * landscape.count
        if small:
            turned, packed = boards.pack([size for _, size, *_ in small], paper)
            for page in packed:
                placed = [(*small[i], x, y) for i, x, y in page]
                pages.append(pdf.Page(turned, tuple(boards.sheet_pictures(placed))))
        return pages

    def _run(self, todo: list[tuple]) -> None:
        """Draw boards in worker processes."""
        advance = self.progress("drawing boards", len(todo)) if self.progress and todo else None
        work = [(self.cache.folder, *job) for job in todo]
        parallel.run(_board, work, self.options.workers, advance, chunk=1, serial_below=2)

    def _board_jobs(self, paper: tuple[float, float]) -> list[tuple]:
        """(key, landscape, …) for each board to print: every landscape with a grid unless
        decks were chosen, or the chosen ones. A composition of map tiles is not printed:
        its tiles are."""
        game, opts = self.game, self.options
        chosen = (
            opts.boards
            if opts.boards is not None
            else (() if opts.decks else tuple(game.landscapes))
        )
        square = game.game.grid_square
        terrain = {k: t.model_dump(mode="json") for k, t in sorted(game.terrain.items())}
        looks = {k: boards.TerrainLook.of(t) for k, t in game.terrain.items()}
        jobs = []
        for board_id in chosen:
            landscape = game.landscapes[board_id]
            if landscape.grid is None:
                continue
            key = _hash(
                [
                    RENDER_VERSION,
                    PDF_VERSION,
                    "board",
                    landscape.model_dump(mode="json"),
                    terrain,
                    square,
                    opts.dpi,
                    paper,
                ]
            )
            title = (
                f"{landscape.name or landscape.title or landscape.id} · squares of {square:g} mm"
            )
            jobs.append((key, landscape, game.landscapes, looks, square, opts.dpi, paper, title))
        return jobs

    def _png(self, folder: Path) -> list[Path]:
        written = []
        manifest: dict[str, list[dict]] = {}
        shared_backs = {
            deck: len({c.back for c in self.cards if c.deck == deck}) == 1
            for deck in {c.deck for c in self.cards}
        }
        for card in self.cards:
            front = folder / card.deck / f"{card.id}.png"
            back = (
                folder
                / card.deck
                / ("back.png" if shared_backs[card.deck] else f"{card.id}-back.png")
            )
            for path, key in ((front, card.front), (back, card.back)):
                if path not in written:
                    write_atomic(path, self.cache.path(key).read_bytes())
                    written.append(path)
            manifest.setdefault(card.deck, []).append(
                {
                    "id": card.id,
                    "name": card.name,
                    "count": card.count,
                    "front": front.relative_to(folder).as_posix(),
                    "back": back.relative_to(folder).as_posix(),
                    "trim-mm": list(card.size),
                    "bleed-mm": self.options.bleed,
                    "dpi": self.options.dpi,
                }
            )
        path = folder / "manifest.json"
        write_atomic(path, json.dumps(manifest, indent=2, ensure_ascii=False))
        return [*written, path]

    def _tts(self, folder: Path) -> list[Path]:
        jobs = []
        for deck_id in dict.fromkeys(c.deck for c in self.cards):
            cards = [c for c in self.cards if c.deck == deck_id]
            entries = [tts.TtsCard(c.name, c.count, c.front, c.back) for c in cards]
            trim = self.faces[cards[0].front].geometry.trim_rect
            title = self.game.decks[deck_id].name or deck_id
            jobs.append((self.cache.folder, folder, deck_id, title, entries, trim))
        advance = self.progress("TTS decks", len(jobs)) if self.progress and jobs else None
        return [
            p
            for paths in parallel.run(_tts_deck, jobs, self.options.workers, advance)
            for p in paths
        ]


def _icons(game: CompiledGame) -> dict[str, IconSource]:
    """Every icon of the pack: layouts' shapes, then the game's image files (which win)."""
    icons: dict[str, IconSource] = {}
    for layout_id in sorted(game.layouts):
        for name, shape in game.layouts[layout_id].icons.items():
            icons.setdefault(name, shape)
    for name, path in game.game.icons.items():
        if (game.root / path).resolve().is_relative_to(game.root.resolve()):  # links included
            icons[name] = game.root / path
    return icons


def _printed_names(game: CompiledGame) -> dict[str, str]:
    """What a reference to each id prints: the name of a card, deck, board or scenario."""
    names: dict[str, str] = {}
    for group in (game.scenarios, game.landscapes, game.decks, game.cards):
        for id_, item in group.items():
            names[id_] = getattr(item, "name", None) or getattr(item, "title", None) or id_
    return names


def _hash(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def _board(
    folder: Path, key: str, landscape, landscapes, terrain, square, dpi, paper, title
) -> None:
    """Draw a board, kept as one image: whole if it fits a page (to share one), with the
    alignment marks of its pages if it is cut over several; and an image of each caption.
    Its record, written last, says how many pages it takes (0: it shares one)."""
    cache = Cache(folder)
    image = boards.render(landscape, landscapes, terrain, square, dpi)
    size = [image.width * MM_PER_INCH / dpi, image.height * MM_PER_INCH / dpi]
    if boards.packable(size, paper):
        pages, captions = 0, [title]
    else:
        plan = boards.tiling(tuple(size), paper)
        image = boards.marked(image, dpi, plan)
        captions = boards.page_labels(plan, title)
        pages = len(captions)
    # rows less the row above: a board is mostly flat colour, so its PNG is under half the
    # size (and smaller than Pillow's)
    cache.put(f"{key}-board", "boards", png_bytes(image, dpi, up=True))
    widths = []
    for n, text in enumerate(captions, start=1):
        caption = boards.label(text, dpi)
        cache.put(f"{key}-{n}", "boards", png_bytes(caption, dpi))
        widths.append(caption.width * MM_PER_INCH / dpi)
    cache.save(key, "boards", {"pages": pages, "size": size, "captions": widths})


def _tts_deck(
    folder: Path, out: Path, deck_id: str, title: str, cards: list, trim: tuple
) -> list[Path]:
    return tts.write_deck(
        out, deck_id, title, cards, lambda key: _face_image(folder, key).crop(trim)
    )


def _draw(folder: Path, key: str, face: Face) -> None:
    image, issues = render(face)
    Cache(folder).store(key, image, issues, face.geometry.dpi)


@lru_cache(maxsize=24)
def _face_image(folder: Path, key: str):
    """A cached face, decoded once per worker: decks repeat their cards and backs."""
    return Cache(folder).open(key)
