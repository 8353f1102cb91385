"""Plain-text descriptions of a seat's view and of events, for people and per-seat logs."""

from __future__ import annotations

from collections import Counter

from rich.markup import escape

from compiler.diagnostics.formats.text import terminal_text
from runtime.program import Program


def for_console(text) -> str:
    """Content text for a rich console: no escape sequence reaches the terminal and brackets
    are never read as markup (`[/x]`, `[link=…]` print as written)."""
    return escape(terminal_text(str(text)))


def seat_name(seat: int, me: int | None = None) -> str:
    return "You" if seat == me else f"Seat {seat + 1}"


def cards_text(program: Program, view: dict, cards: list) -> str:
    """`Magic ×3, Dust Bunny, 2 face down, 4 unseen` for a zone's cards as the view shows them."""
    named: Counter = Counter()
    down = unseen = 0
    for inst in cards:
        if inst is None:
            unseen += 1
            continue
        name = program.name_of(view["ids"][inst])
        if view["down"][inst]:
            name += " (face down)"
            down += 1
        named[name] += 1
    parts = [name if n == 1 else f"{name} ×{n}" for name, n in named.items()]
    if unseen:
        parts.append(f"{unseen} unseen")
    return ", ".join(parts) or "empty"


def describe(program: Program, view: dict) -> list[str]:
    """The view, one line per zone and seat, with the variables that are not counts."""
    me = view["seat"]
    lines = [f"Round {view['round']} · {seat_name(view['active'], me)} to play"
             + (f" · {view['actions']} action{'' if view['actions'] == 1 else 's'} left"
                if view["active"] == me else "")]
    for zone in program.zones.values():
        if zone.per_seat:
            continue
        cards = view["zones"][zone.id]
        if zone.visibility == "hidden" or zone.ordered:
            lines.append(f"{zone.name}: {len(cards)} cards")
        elif cards:
            lines.append(f"{zone.name}: {cards_text(program, view, cards[-8:])}"
                         + (f" (and {len(cards) - 8} more)" if len(cards) > 8 else ""))
    variables = [n for n, v in program.variables.items() if v.per != "game" and v.counts is None]
    for seat in range(view["players"]):
        head = seat_name(seat, me) + (" (out)" if view["out"][seat] else "")
        partner = view["partner"][seat]
        if partner is not None:
            head += f", paired with {seat_name(partner, me)}"
        lines.append(head)
        for zone in program.zones.values():
            cards = view["zones"].get(f"{zone.id}:{seat}")
            if zone.per_seat and cards:
                lines.append(f"  {zone.name}: {cards_text(program, view, cards)}")
        shown = [
            f"{n}={view['sv'][seat][n]}"
            for n in variables
            if view["sv"][seat][n] not in (0, False, "")
        ]
        if shown:
            lines.append("  " + ", ".join(shown))
    game_vars = [f"{n}={v}" for n, v in view["gv"].items()]
    if game_vars:
        lines.append("Game: " + ", ".join(game_vars))
    return lines


def card_help(program: Program, view: dict, decision: dict | None = None) -> list[str]:
    """The text of every card the seat can see in its own zones or in play, and of the cards
    the pending decision offers."""
    me = view["seat"]
    shown = [inst for key, cards in view["zones"].items()
             if key.endswith(f":{me}") or _in_play(program, key) for inst in cards]
    shown += [o["card"] for o in (decision or {}).get("options", ()) if o.get("card") is not None]
    seen: dict[str, str] = {}
    for inst in shown:
        if inst is not None and view["ids"][inst] is not None:
            card = program.cards[view["ids"][inst]]
            seen.setdefault(card.name, card.text or "")
    return [f"{name}: {text}" for name, text in sorted(seen.items())]


def _in_play(program: Program, key: str) -> bool:
    zone = program.zones.get(key.split(":", 1)[0])
    return zone is not None and zone.in_play


def _zone_name(program: Program, key: str, me: int) -> str:
    """A zone as a seat reads it: `your Hand`, `Seat 2's Hand`, `Draw pile`."""
    zone_id, _, seat = key.partition(":")
    zone = program.zones.get(zone_id)
    name = zone.name if zone else zone_id
    if not seat:
        return name
    return ("your " if int(seat) == me else f"Seat {int(seat) + 1}'s ") + name


def _card(program: Program, event: dict) -> str:
    return program.name_of(event["id"]) if "id" in event else "a card"


def event_line(program: Program, event: dict, me: int) -> str | None:
    """One line telling what happened, as seat `me` saw it (None: not worth telling)."""
    kind = event["e"]
    who = seat_name(event["seat"], me) if event.get("seat") is not None else ""
    match kind:
        case "turn":
            verb = "take" if event["seat"] == me else "takes"
            return f"— {who} {verb} a turn (round {event['round']})"
        case "action":
            return f"{who}: {event['name']}"
        case "ability":
            return f"{who} {'use' if event['seat'] == me else 'uses'} " + (
                f"{event['name']}" if "name" in event else "a hidden card")
        case "move":
            src, dst = _zone_name(program, event["from"], me), _zone_name(program, event["to"], me)
            return f"{_card(program, event)}: {src} → {dst}"
        case "contest":
            return f"{seat_name(event['attacker'], me)} attacks {seat_name(event['defender'], me)}"
        case "commit":
            return f"{who} {'commit' if event['seat'] == me else 'commits'} {event['total']}"
        case "fight":
            outcome = "the attack wins" if event["won"] else "the defence holds"
            return (
                f"{seat_name(event['attacker'], me)} attacks {seat_name(event['defender'], me)}: "
                f"{event['strength']} against {event['defence']}, {outcome}"
            )
        case "roll":
            return f"{who} rolled {event['total']}"
        case "steal":
            return f"{who} took {event['cards']} card(s) from {seat_name(event['other'], me)}"
        case "give":
            return f"{who} gave {event['cards']} card(s) to {seat_name(event['other'], me)}"
        case "flip":
            return f"{who}: {program.name_of(event['id'])}"
        case "pair":
            a, b = event["seats"]
            return f"{seat_name(a, me)} and {seat_name(b, me)} are paired"
        case "unpair":
            a, b = event["seats"]
            return f"{seat_name(a, me)} and {seat_name(b, me)} are no longer paired"
        case "refuse":
            return f"{who} refused to pair"
        case "skip":
            return f"{who} skips a turn"
        case "out":
            return f"{who} is out"
        case "reveal":
            return f"{who} revealed {_card(program, event)}"
        case "reshuffle":
            return f"{_zone_name(program, event['zone'], me)} reshuffled ({event['cards']} cards)"
        case "say":
            return event["text"]
        case "story":
            head = f"[{event['at']}] {event['title']}".rstrip()
            return f"{head}: {event['text']}" if event["text"] else head
        case "challenge":
            verdict = "passed" if event["passed"] else "failed"
            return (f"{who} {verdict} the challenge "
                    f"({event['successes']} of {event['needed']} successes)")
        case "battle":
            taken = f" (taken as {event['outcome']})" if "outcome" in event else ""
            return f"Battle: {event['scenario']}{taken}"
        case "battle-end":
            return f"The battle is over: {event['outcome']}"
    return None
