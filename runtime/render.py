"""Plain-text descriptions of a seat's view and of events, for people and per-seat logs."""

from __future__ import annotations

from collections import Counter

from rich.markup import escape

from compiler.diagnostics.formats.text import terminal_text
from compiler.language.effects import op_of
from runtime.program import Program


def for_console(text) -> str:
    """Content text for a rich console: no escape sequence reaches the terminal and brackets
    are never read as markup (`[/x]`, `[link=…]` print as written)."""
    return escape(terminal_text(str(text)))


def seat_name(seat: int, me: int | None = None) -> str:
    return "You" if seat == me else f"Seat {seat + 1}"


def seat_object(seat: int, me: int | None = None) -> str:
    """A seat after a verb: `you`, `Seat 2`."""
    return "you" if seat == me else f"Seat {seat + 1}"


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
            head += f", paired with {seat_object(partner, me)}"
        lines.append(head)
        for zone in program.zones.values():
            cards = view["zones"].get(f"{zone.id}:{seat}")
            if zone.per_seat and cards:
                lines.append(f"  {zone.name}: {cards_text(program, view, cards)}")
        shown = [
            variable_text(n, view["sv"][seat][n])
            for n in variables
            if view["sv"][seat][n] not in (0, False, "")
        ]
        if shown:
            lines.append("  " + ", ".join(shown))
    game_vars = [variable_text(n, v) for n, v in view["gv"].items()
                 if v != program.variables[n].initial]  # settings left as they start are noise
    if game_vars:
        lines.append("Game: " + ", ".join(game_vars))
    return lines


def variable_text(name: str, value) -> str:
    """`Coins: 3`, `Mages at random: no` for a variable as a person reads it."""
    words = name.replace("_", " ").strip().capitalize()
    if isinstance(value, bool):
        value = "yes" if value else "no"
    return f"{words}: {value}"


def conjugate(seat: int | None, me: int | None, plural: str, singular: str | None = None) -> str:
    """`attack` after You, `attacks` after Seat 2."""
    return plural if seat == me else (singular or plural + "s")


def option_text(program: Program, option: dict) -> str:
    """An option as offered to a person: its label, what it costs and what it does."""
    label = option["label"]
    key = option.get("key", "")
    text = None
    if key.startswith("action:"):
        action = program.actions.get(key.removeprefix("action:"))
        text = (action.text or effects_summary(action.do)) if action else None
    elif key.startswith("use:"):
        card_id, _, index = key.removeprefix("use:").rpartition(":")
        card = program.cards.get(card_id)
        if card is not None and index.isdigit() and int(index) < len(card.abilities):
            ability = card.abilities[int(index)]
            text = ability.text or effects_summary(ability.do)
    cost = option.get("cost")
    if cost:
        label += f" ({cost} action{'' if cost == 1 else 's'})"
    elif cost == 0:
        label += " (free)"
    if text:
        first = " ".join(text.split())
        label += " — " + (first if len(first) <= 90 else first[:89].rstrip() + "…")
    return label


def effects_summary(effects: list) -> str | None:
    """What effects do, for an option with no text: `move 2; push (distance 2)`."""
    parts = []
    for effect in effects:
        name, params = op_of(effect)
        given = [(k, getattr(params, k)) for k in sorted(params.model_fields_set)]
        shown = [f"{type(params).model_fields[k].alias or k} {v}" for k, v in given
                 if isinstance(v, str | int | float) and not isinstance(v, bool)]
        parts.append(f"{name} ({', '.join(shown)})" if shown else name)
    return "; ".join(parts) or None


def roll_text(program: Program, event: dict) -> str:
    """The dice of a roll, each die shown; for a success pool, which dice counted."""
    faces = event.get("faces") or []
    dice = program.dice.get(event.get("dice")) if event.get("dice") else None
    if dice is None and event.get("dice") == "story-dice":
        from runtime.story import DEFAULT_DICE

        dice = DEFAULT_DICE
    if dice is not None and dice.type == "pool" and faces:
        worth = {str(f.face): f.successes for f in dice.faces}
        marked = [f"{face}{'✓' * worth.get(str(face), 0) or '✗'}" for face in faces]
        got = sum(worth.get(str(face), 0) for face in faces)
        return f"{' '.join(marked)} = {got} success{'' if got == 1 else 'es'}"
    if len(faces) > 1:
        return f"{' + '.join(map(str, faces))} = {event['total']}"
    return str(event["total"])


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


def zone_help(program: Program) -> list[str]:
    """What each zone that says so holds or means: `Stashed gear: special gear still works here`."""
    return [f"{z.name}: {z.text}" for z in program.rules.zones if z.text]


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
    # a zone named from its owner's side ("Your haul") gets the owner put in front instead
    for owned in ("your ", "their "):
        if name.lower().startswith(owned):
            name = name[len(owned):]
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
            attacker = event["attacker"]
            return (f"{seat_name(attacker, me)} {conjugate(attacker, me, 'attack')} "
                    f"{seat_object(event['defender'], me)}")
        case "commit":
            return f"{who} {'commit' if event['seat'] == me else 'commits'} {event['total']}"
        case "fight":
            outcome = "the attack wins" if event["won"] else "the defence holds"
            attacker = event["attacker"]
            return (
                f"{seat_name(attacker, me)} {conjugate(attacker, me, 'attack')} "
                f"{seat_object(event['defender'], me)}: "
                f"{event['strength']} against {event['defence']}, {outcome}"
            )
        case "roll":
            return f"{who or 'The game'} rolled {roll_text(program, event)}"
        case "steal":
            return f"{who} took {event['cards']} card(s) from {seat_object(event['other'], me)}"
        case "give":
            return f"{who} gave {event['cards']} card(s) to {seat_object(event['other'], me)}"
        case "flip":
            return f"{who}: {program.name_of(event['id'])}"
        case "pair":
            a, b = event["seats"]
            return f"{seat_name(a, me)} and {seat_object(b, me)} are paired"
        case "unpair":
            a, b = event["seats"]
            return f"{seat_name(a, me)} and {seat_object(b, me)} are no longer paired"
        case "refuse":
            return f"{who} refused to pair"
        case "skip":
            return f"{who} {conjugate(event['seat'], me, 'skip')} a turn"
        case "out":
            return f"{who} {conjugate(event['seat'], me, 'are', 'is')} out"
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
        case "undo":
            return f"{who} took back {event['label']!r} (undo)"
    return None
