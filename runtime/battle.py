"""A battle played on its own: one scenario's board, deployment, enemies and outcomes.

A program built for a scenario (`Program(game, scenario=ID)`) plays that battle: its board
is the scenario's; after the rules' setup each seat not yet on the board places its figure
in the board's `start` area, the scenario's enemy groups come onto the board (as many as
the player-count table says, on their `at` cells in order or in their area, with the
group's health: a number, a player-count table or the name of a card field holding one,
else their card's `health`; healing never takes them above it; a group's `abilities` names
the card field whose abilities its foes also answer windows with), and the scenario's own
setup runs. Variables that `resets: battle` go back to their `initial` value as a battle
begins and as it ends (`reset_battle_variables`): game and seat ones, and the piece
variables of the seats' figures (which go on from one battle to the next). Its special
rules with a `when` answer that window as the rules' own abilities do (numbered after
them), on its own or within a story. The battle ends when one of its outcomes or objectives
holds: an outcome named `defeat` is a loss for the whole party, any other a win (the
outcome's own effects are the story's business, not the battle's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import ask_cell, figure, free, named_cells, new_piece, pieces
from runtime.errors import RuleError
from runtime.frames import Tail, fx, handler
from runtime.hooks import HOOKS
from runtime.targets import ARMS
from runtime.variables import read, write

if TYPE_CHECKING:
    from compiler.language.documents import Scenario
    from runtime.machine import Machine

START = "start"  # the area of the board where the seats' figures are deployed
DEFEAT = "defeat"  # the outcome that means the party lost
TOP = "health_top"  # a foe's starting health, kept among its row's variables


def scenario(m: Machine) -> Scenario | None:
    found = m.program.scenario
    return None if found is None else m.program.game.scenarios[found]


def by_players(m: Machine, value):
    """A number, or the entry of a player-count table for this game."""
    if not isinstance(value, dict):
        return value
    players = m.state["players"]
    if players not in value:
        raise RuleError(f"the table {value} has no entry for {players} players")
    return value[players]


def battle_frame() -> dict:
    return {"h": "battle", "ctx": {"self": 0}, "l": {}}


@handler("battle")
def deploy(m: Machine, frame: dict):
    """Deploy the seats' figures, bring on the enemies, then run the scenario's setup."""
    found = scenario(m)
    local = frame["l"]
    if "placed" not in local:
        m.state["incoming"] = []  # no hit kept for a defence outlives the battle it was made in
        reset_battle_variables(m)
    for seat in m.seats_from(0):
        if str(seat) in local.setdefault("placed", {}) or figure(m, seat) is not None:
            continue
        cells = free(m, named_cells(m, [], START))
        if not cells:
            raise RuleError(f"no free cell left in the board's '{START}' area for seat {seat + 1}")
        cell = ask_cell(m, local, f"cell{seat}", seat, cells, "Where does your figure start?")
        if type(cell) is dict:
            return cell
        pieces(m).append(new_piece(None, seat, cell, None))
        local["placed"][str(seat)] = list(cell)
        m.emit("place", seat=seat, cell=list(cell))
    for group in found.enemies:
        count = int(by_players(m, group.count))
        cells = free(m, named_cells(m, list(group.at), group.area))
        printed = m.program.fields.get(group.enemy, {})
        health = group.health if group.health is not None else "health"
        health = by_players(m, printed.get(health) if isinstance(health, str) else health)
        for cell in cells[:count]:
            piece = new_piece(group.enemy, None, cell, health)
            if health is not None:
                piece[6][TOP] = health  # no healing takes it above what it started with
            if group.abilities:
                piece[6][ARMS] = group.abilities
            pieces(m).append(piece)
            m.emit("spawn", piece=len(pieces(m)) - 1, card=None, cell=list(cell))
    return Tail(fx(m.program.lid(found.setup), frame["ctx"]))


def reset_battle_variables(m: Machine) -> None:
    """Set every game, seat and seat's figure variable that `resets: battle` back to its
    `initial` value."""
    for name, var in m.program.variables.items():
        # a seat's figure keeps its piece variables with the seat from one battle to the
        # next (an Enemy's are new with each board, so only the seats' are reset)
        if var.resets != "battle":
            continue
        for seat in [None] if var.per == "game" else range(m.state["players"]):
            if read(m, name, seat) != var.initial:
                write(m, name, seat, var.initial)


def outcome(m: Machine) -> tuple[str, str] | None:
    """(name, text) of the first outcome or objective that holds, if any."""
    found = scenario(m)
    if found is None:
        return None
    seat = m.state["active"]
    for name, result in found.outcomes.items():
        if result.if_ is not None and m.holds(result.if_, seat):
            return name, result.text or name
    for objective in found.objectives:
        if objective.if_ is not None and m.holds(objective.if_, seat):
            result = found.outcomes.get(objective.id)
            return objective.id, (result.text if result and result.text else objective.text)
    return None


def check(m: Machine) -> bool:
    """End the battle if an outcome holds (once setup is over); True if it ended."""
    st = m.state
    if st["result"] is not None or not st.get("begun", True):
        return False
    found = outcome(m)
    if found is None:
        return False
    name, text = found
    if m.program.story is not None:  # fought within a story: the story goes on
        HOOKS["battle-over"](m, name)  # `runtime.story.battle_over`
        return True
    from runtime.conditions import finish

    seats = [] if name == DEFEAT else [s for s in range(st["players"]) if not st["out"][s]]
    finish(m, seats, text)
    return True
