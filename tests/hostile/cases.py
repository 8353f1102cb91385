"""The hostile inputs, one class of issue #17 each at least: every case builds its files in a
`Place` and returns the command line; the command must fail with one located message."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.hostile.harness import Place, edit, run_inprocess


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[Place], list[str]]
    expect: str  # a regex the output must match: the located message
    codes: tuple[int, ...] = (1, 2)
    subprocess: bool = False  # a hang or a process-wide effect is the risk
    stdout: str = "pipe"  # as a subprocess: "pipe", "full" (/dev/full) or "closed"


CASES: list[Case] = []


def case(expect: str, codes=(1, 2), subprocess=False, stdout="pipe"):
    def register(make):
        CASES.append(Case(make.__name__, make, expect, codes, subprocess or stdout != "pipe",
                          stdout))
        return make
    return register


# -- helpers -------------------------------------------------------------------------------------

def played(p: Place, name: str = "game") -> Path:
    """A finished tally game's full log in `work/` (with its seat logs and save)."""
    pack = p.work / "tally" if (p.work / "tally").exists() else p.pack("tally")
    log = p.work / f"{name}.jsonl"
    out = run_inprocess(["play", str(pack), "--players", "2", "--seed", "3", "--log", str(log)],
                        p.work)
    assert out.code == 0, out.output
    return log


def saved(p: Place) -> tuple[Path, dict]:
    save = played(p).with_suffix(".save.json")
    return save, json.loads(save.read_text())


def unfinish(data: dict) -> str:
    """The save as if its game were still going (its state hash made to match again)."""
    from runtime.state import state_hash

    data["state"]["over"], data["state"]["result"], data["ended"] = False, None, False
    data["hash"] = state_hash(data["state"])
    return json.dumps(data)


def resume(save: Path) -> list[str]:
    return ["play", "--resume", "--save", str(save)]


def layout_value(p: Place, old: str, new: str) -> list[str]:
    pack = p.pack("mini")
    edit(pack / "layouts/gear.yaml", old, new)
    return ["check", str(pack)]


def content_edit(p: Place, name: str, file: str, old: str, new: str, *extra: str) -> list[str]:
    pack = p.pack(name)
    edit(pack / file, old, new)
    return ["check", str(pack), *extra]


def mini_print(p: Place, *extra: str) -> list[str]:
    return ["print", str(p.pack("mini")), "-o", str(p.work / "cards.pdf"), "--jobs", "1", *extra]


# -- 1: the print cache ----------------------------------------------------------------------------

@case(r"--cache.*(not empty|not a gamesmith cache)")
def cache_is_a_users_folder(p):
    return mini_print(p, "--cache", str(p.decoy))


@case(r"--cache.*(not empty|not a gamesmith cache)")
def cache_is_a_symlink_to_a_users_folder(p):
    (p.work / "link").symlink_to(p.decoy)
    return mini_print(p, "--cache", str(p.work / "link"), "--clean-cache")


# -- 2: outputs that are not regular files ---------------------------------------------------------

@case(r"--emit.*directory")
def emit_to_a_directory(p):
    return ["check", str(p.pack("tally")), "--emit", str(p.decoy)]


@case(r"(-o|--output).*directory")
def pdf_to_a_directory(p):
    return ["print", str(p.pack("mini")), "-o", str(p.decoy / "notes"), "--jobs", "1"]


# -- 3: saves are content, never trusted -----------------------------------------------------------

@case(r"game\.save\.json.*logs")
def save_names_a_users_file_as_its_log(p):
    save, data = saved(p)
    data["logs"] = {str(p.decoy / "victim.txt"): 10}
    save.write_text(json.dumps(data))
    return resume(save)


@case(r"game\.save\.json.*(another game|belongs to)")
def save_of_another_pack(p):
    save, data = saved(p)
    other = p.pack("story")
    data["pack"] = str(other)
    save.write_text(unfinish(data))
    return resume(save)


# -- 4: resume and replay tell the truth -----------------------------------------------------------

@case(r"game\.save\.json.*(over|finished)")
def resume_a_finished_game(p):
    save, _ = saved(p)
    return resume(save)


@case(r"game\.jsonl.*(shorter|cut)")
def resume_with_a_log_shorter_than_its_save(p):
    save, data = saved(p)
    save.write_text(unfinish(data))
    log = save.with_name("game.jsonl")
    log.write_bytes(log.read_bytes()[:40])
    return resume(save)


@case(r"game\.jsonl.*incomplete")
def replay_a_truncated_log(p):
    log = played(p)
    lines = log.read_text().splitlines(keepends=True)
    log.write_text("".join(lines[: len(lines) // 2]))
    return ["replay", str(log)]


@case(r"game\.jsonl.*incomplete")
def replay_a_log_without_its_end(p):
    log = played(p)
    log.write_text("".join(log.read_text().splitlines(keepends=True)[:-1]))
    return ["replay", str(log)]


# -- 5: content paths stay inside the pack ---------------------------------------------------------

@case(r"gear\.yaml:\d+:\d+: error GS\d+.*(outside|inside)")
def card_image_absolute(p):
    return content_edit(p, "mini", "cards/gear.yaml", "    power: 1\n",
                        f"    power: 1\n    image: {p.decoy / 'old.png'}\n")


@case(r"gear\.yaml:\d+:\d+: error GS\d+.*(outside|inside)")
def card_image_climbs_out(p):
    return content_edit(p, "mini", "cards/gear.yaml", "    power: 1\n",
                        "    power: 1\n    image: ../../decoy/old.png\n")


@case(r"game\.yaml:\d+:\d+: error GS\d+.*(outside|inside)")
def icon_outside_the_pack(p):
    return content_edit(p, "mini", "game.yaml", "grid-square: 25.4\n",
                        "grid-square: 25.4\nicons: {bolt: ../../decoy/old.png}\n")


@case(r"gear\.yaml:\d+:\d+: error GS\d+.*(outside|inside)")
def layout_image_box_outside(p):
    return layout_value(p, "  - {type: text, field: slot,",
                        "  - {type: image, text: /etc/hostname, x: 1, y: 1, w: 5, h: 5}\n"
                        "  - {type: text, field: slot,")


# -- 6: content text is text -----------------------------------------------------------------------

def _no_escape(expect: str) -> str:
    return r"(?s)\A[^\x1b\x07]*" + expect + r"[^\x1b\x07]*\Z"


@case(_no_escape(r"Game over"), codes=(0,))
def title_with_terminal_escapes(p):
    pack = p.pack("tally")
    edit(pack / "game.yaml", "title: Tally", 'title: "\\e]0;owned\\aTally\\e[2J"')
    return ["play", str(pack), "--players", "2", "--seed", "3"]


@case(_no_escape(r"\[/x\] rich\s+\[link=file:///etc\]"), codes=(0,))
def win_text_with_markup(p):
    pack = p.pack("tally")
    edit(pack / "rules.yaml", "text: everyone is rich", 'text: "[/x] rich [link=file:///etc]\\e[31m"')
    return ["play", str(pack), "--players", "2", "--seed", "3"]


# -- 7: corrupt saves and logs ---------------------------------------------------------------------

def _save_as(value):
    def make(p):
        save, data = saved(p)
        save.write_text(value(data) if callable(value) else value)
        return resume(save)
    return make


for _name, _value in {
    "save_is_a_list": "[]", "save_is_null": "null", "save_is_a_number": "3",
    "save_without_pack": lambda d: json.dumps({k: v for k, v in d.items() if k != "pack"}),
    "save_without_state": lambda d: json.dumps({k: v for k, v in d.items() if k != "state"}),
    "save_without_seed": lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}),
    "save_seats_not_a_list": lambda d: json.dumps(d | {"seats": 7}),
    "save_step_is_text": lambda d: json.dumps(d | {"step": "three"}),
    "save_state_is_a_list": lambda d: json.dumps(d | {"state": [1, 2]}),
    "save_zone_points_nowhere": lambda d: json.dumps(
        d | {"state": d["state"] | {"zones": {"nowhere": [99999]}}}),
}.items():
    case(r"game\.save\.json")(_save_as(_value)).__name__ = _name
    CASES[-1] = Case(_name, CASES[-1].make, CASES[-1].expect)


def _log_line(number: int, value):
    def make(p):
        log = played(p)
        lines = log.read_text().splitlines(keepends=True)
        lines[number] = (value(json.loads(lines[number])) if callable(value) else value) + "\n"
        log.write_text("".join(lines))
        return ["replay", str(log)]
    return make


def _decision_line(p):
    log = played(p)
    lines = log.read_text().splitlines()
    return log, lines, next(i for i, line in enumerate(lines) if '"e":"decision"' in line)


def _decision_without(key):
    def make(p):
        log, lines, i = _decision_line(p)
        event = json.loads(lines[i])
        del event[key]
        lines[i] = json.dumps(event)
        log.write_text("\n".join(lines) + "\n")
        return ["replay", str(log)]
    return make


for _name, _make in {
    "log_line_is_a_list": _log_line(1, "[]"),
    "log_line_is_null": _log_line(1, "null"),
    "log_line_is_a_number": _log_line(1, "42"),
    "log_start_without_seed": _log_line(0, lambda e: json.dumps({k: v for k, v in e.items() if k != "seed"})),
    "log_start_players_is_text": _log_line(0, lambda e: json.dumps(e | {"players": "two"})),
    "log_decision_without_hash": _decision_without("hash"),
    "log_decision_without_choice": _decision_without("choice"),
    "log_decision_without_step": _decision_without("step"),
}.items():
    CASES.append(Case(_name, _make, r"game\.jsonl:\d+"))


@case(r"game\.seat1\.jsonl.*seat")
def replay_a_seat_log(p):
    log = played(p)
    return ["replay", str(log.with_name("game.seat1.jsonl"))]


# -- 8: layout values ------------------------------------------------------------------------------

for _name, _old, _new in [
    ("colour_hex_nonsense", 'fill: "#fbf7ee"', 'fill: "#zzzzzz"'),
    ("colour_unknown_name", 'fill: "#fbf7ee"', "fill: notacolour"),
    ("colour_rgb_out_of_range", 'fill: "#fbf7ee"', 'fill: "rgb(300,-1,5)"'),
    ("picked_colour_nonsense", 'shop: "#2b6cb0"', 'shop: "#12"'),
    ("padding_1e400", "radius: 2.5}", "radius: 2.5, padding: 1e400}"),
    ("padding_a_million", "radius: 2.5}", "radius: 2.5, padding: 1000000.0}"),
    ("stroke_width_1e400", "radius: 2.5}", "radius: 2.5, stroke: '#000000', stroke-width: 1e400}"),
    ("radius_a_million", "radius: 2.5}", "radius: 1000000.0}"),
    ("stat_bar_a_billion_pips", "max: 8,", "max: 1000000000,"),
    ("min_size_tiny", "min-size: 6}", "min-size: 0.0001}"),
    ("icon_colour_nonsense", 'fill: "#dd6b20"', 'fill: "#dd6b2g"'),
]:
    CASES.append(Case(_name, lambda p, o=_old, n=_new: layout_value(p, o, n),
                      r"gear\.yaml:\d+:\d+: error GS\d+"))


@case(r"game\.yaml:\d+:\d+: error GS\d+")
def card_size_1e400(p):
    return content_edit(p, "mini", "game.yaml", "width: 88.9", "width: 1e400")


@case(r"field\.yaml:\d+:\d+: (error|warning) GS\d+")
def landscape_of_a_billion_tiles(p):
    return content_edit(p, "board", "landscapes/field.yaml", "count: 1\n" if False else "tile: true\n",
                        "tile: true\ncount: 1000000000\n", "--strict")


# -- 9 and 13 (compile time): counts and caps ------------------------------------------------------

def _repeat(times: str):
    def make(p):
        return content_edit(p, "tally", "rules.yaml", "do: [gain: {variable: gold, amount: 5}]",
                            f"do: [repeat: {{times: {times}, do: [gain: {{variable: gold}}]}}]")
    return make


for _name, _times in [("repeat_a_billion", "1000000000"), ("repeat_inf", ".inf"),
                      ("repeat_1e400", "1e400"), ("repeat_nan", ".nan"), ("repeat_text", "lots")]:
    CASES.append(Case(_name, _repeat(_times), r"rules\.yaml:\d+:\d+: error GS\d+"))


@case(r"rules\.yaml:\d+:\d+: error GS\d+.*turn-cap")
def turn_cap_a_billion(p):
    return content_edit(p, "tally", "rules.yaml", "ranking:", "turn-cap: 1000000000\nranking:")


@case(r"rules\.yaml:\d+:\d+: warning GS263.*turn-cap", codes=(1,))
def turn_cap_a_hundred_thousand(p):
    return content_edit(p, "tally", "rules.yaml", "ranking:", "turn-cap: 100000\nranking:",
                        "--strict")


@case(r"rules\.yaml:\d+:\d+: warning GS263.*repeat", codes=(1,))
def repeat_five_hundred(p):
    return _repeat("500")(p) + ["--strict"]


# -- 10: files that are not files ------------------------------------------------------------------

@case(r"fifo\.yaml.*(not a regular file|GS110)", subprocess=True)
def content_file_is_a_fifo(p):
    pack = p.pack("tally")
    os.mkfifo(pack / "fifo.yaml")
    return ["check", str(pack)]


@case(r"zero\.yaml.*(not a regular file|GS110)", subprocess=True)
def content_file_is_dev_zero(p):
    pack = p.pack("tally")
    (pack / "zero.yaml").symlink_to("/dev/zero")
    return ["check", str(pack)]


@case(r"(art|pot)\.png.*(not a regular file|unreadable|cannot)", subprocess=True)
def card_image_is_a_fifo(p):
    pack = p.pack("mini")
    (pack / "art").mkdir()
    os.mkfifo(pack / "art" / "pot.png")
    edit(pack / "cards/gear.yaml", "    power: 1\n", "    power: 1\n    image: art/pot.png\n")
    edit(pack / "layouts/gear.yaml", "  - {type: text, field: slot,",
         "  - {type: image, field: image, x: 1, y: 1, w: 5, h: 5}\n  - {type: text, field: slot,")
    return ["print", str(pack), "-o", str(p.work / "cards.pdf"), "--jobs", "1"]


@case(r"moves\.yaml.*(not a regular file|cannot read)", subprocess=True)
def script_is_a_fifo(p):
    os.mkfifo(p.work / "moves.yaml")
    return ["play", str(p.pack("tally")), "--players", "2", "--seat", "scripted:moves.yaml"]


@case(r"moves\.yaml.*(UTF-8|utf-8)")
def script_is_not_utf8(p):
    (p.work / "moves.yaml").write_bytes(b"- \xff\xfe\n")
    return ["play", str(p.pack("tally")), "--players", "2", "--seat", "scripted:moves.yaml"]


@case(r"--log.*directory")
def log_is_a_directory(p):
    (p.work / "logs").mkdir()
    return ["play", str(p.pack("tally")), "--players", "2", "--log", str(p.work / "logs")]


@case(r"--save.*(directory|not a regular file|no save)")
def save_is_a_proc_file(p):
    return ["play", str(p.pack("tally")), "--players", "2", "--save", "/proc/self/status"]


@case(r"(stdout|standard output).*(full|No space)", stdout="full")
def stdout_is_full(p):
    return ["check", str(p.pack("tally"))]


# -- 11: numbers -----------------------------------------------------------------------------------

@case(r"game\.yaml:\d+:\d+: error GS\d+")
def variable_initial_1e400(p):
    return content_edit(p, "tally", "game.yaml", "gold: {initial: 0}", "gold: {initial: 1e400}")


@case(r"game\.yaml:\d+:\d+: error GS\d+")
def variable_initial_huge_int(p):
    return content_edit(p, "tally", "game.yaml", "gold: {initial: 0}", "gold: {initial: " + "9" * 40 + "}")


@case(r"gear\.yaml:\d+:\d+: error GS\d+")
def card_field_5000_digits(p):
    return content_edit(p, "mini", "cards/gear.yaml", "cost: 2\n", "cost: " + "7" * 5000 + "\n")


@case(r"--workers")
def workers_zero(p):
    return ["simulate", str(p.pack("tally")), "--players", "2", "-n", "2", "--workers", "0"]


@case(r"--workers")
def workers_negative(p):
    return ["simulate", str(p.pack("tally")), "--players", "2", "-n", "2", "--workers", "-3"]


@case(r"--jobs")
def jobs_zero(p):
    return mini_print(p, "--jobs", "0")


@case(r"mcts", subprocess=True)
def mcts_infinite_seconds(p):
    return ["play", str(p.pack("tally")), "--players", "2", "--seat", "mcts:infs"]


@case(r"--set")
def set_nan(p):
    return ["play", str(p.pack("tally")), "--players", "2", "--set", "gold=nan"]


# -- 12: identifiers -------------------------------------------------------------------------------

@case(r"rules\.yaml:\d+:\d+: (error|warning) GS\d+", codes=(1,))
def full_width_name_in_expression(p):
    return content_edit(p, "tally", "rules.yaml", "if: gold >= 5", "if: ｇｏｌｄ >= 5", "--strict")


@case(r"rules\.yaml:\d+:\d+: (error|warning) GS\d+", codes=(1,))
def bold_name_in_expression(p):
    return content_edit(p, "tally", "rules.yaml", "if: gold >= 5", "if: 𝐠old >= 5", "--strict")


@case(r"story\.yaml:\d+:\d+: error GS102")
def story_keys_4_and_quoted_4(p):
    pack = p.pack("story")
    edit(pack / "story.yaml", '  "4": {ending: victory}', '  "4": {ending: victory}\n  4: {ending: defeat}')
    return ["check", str(pack)]


# -- later additions: crafted saves, images linked out of the pack, huge --set values ----------

@case(r"game\.save\.json")
def save_crafted_with_a_stack_frame_pointing_nowhere(p):
    from runtime.state import state_hash

    save, data = saved(p)
    data["state"]["stack"] = [{"h": "no-such-handler", "at": 99}]
    data["state"]["zones"] = {"nowhere": [99999]}
    data["ended"] = False
    data["state"]["over"] = False
    data["hash"] = state_hash(data["state"])  # consistent: only the game can tell it is wrong
    save.write_text(json.dumps(data))
    return resume(save)


@case(r"gear\.yaml:\d+:\d+: error GS703.*outside the pack")
def card_image_linked_outside_the_pack(p):
    pack = p.pack("mini")
    (pack / "art").mkdir()
    (pack / "art" / "pot.png").symlink_to(p.decoy / "old.png")
    edit(pack / "cards/gear.yaml", "    power: 1\n", "    power: 1\n    image: art/pot.png\n")
    edit(pack / "layouts/gear.yaml", "  - {type: text, field: slot,",
         "  - {type: image, field: image, x: 1, y: 1, w: 5, h: 5}\n  - {type: text, field: slot,")
    return ["print", str(pack), "-o", str(p.work / "cards.pdf"), "--jobs", "1"]


@case(r"--set")
def set_beyond_ten_to_the_fifteen(p):
    return ["play", str(p.pack("tally")), "--players", "2", "--set", "gold=" + "9" * 30]


@case(r"gear\.yaml:\d+:\d+: error GS711")
def stat_bar_of_a_card_value_of_a_billion(p):
    pack = p.pack("mini")
    edit(pack / "cards/gear.yaml", "cost: 2\n", "cost: 1000000000\n")
    edit(pack / "layouts/gear.yaml", "  - {type: table,",
         "  - {type: stat-bar, field: cost, style: pips, x: 5, y: 40, w: 53.5, h: 4}\n  - {type: table,")
    return ["print", str(pack), "-o", str(p.work / "cards.pdf"), "--jobs", "1"]


@case(r"standard output is closed", stdout="closed")
def stdout_is_closed(p):
    return ["check", str(p.pack("tally"))]
