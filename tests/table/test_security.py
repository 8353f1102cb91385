"""What the server lets through: nothing of a seat without its token, nothing a seat may not
know on its socket (checked on every message of whole games), refusals for malformed or
out-of-turn messages that change nothing, and a game that survives clients coming and going."""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import ExitStack

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from runtime.loading import load_program
from runtime.replay import replay
from runtime.state import state_hash
from table.faces import Faces
from tests.table.conftest import leaked, link, new_table, serving, watch_hidden


def ws_url(page_url: str) -> str:
    return page_url.replace("http://", "ws://") + "/ws"


def next_table(ws) -> dict:
    """The next table payload on a socket (past the greeting that names the link's seats)."""
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] != "seats":
            return message


def play_seat(url: str, seat: int, received: list, pick=lambda payload: 0) -> None:
    """A page's socket for one seat: answer its decisions until the game is over."""
    with connect(ws_url(url), open_timeout=10) as ws:
        while True:
            message = json.loads(ws.recv(timeout=30))
            received.append(message)
            if message["type"] == "seats":
                assert message["seats"] == [seat]
                continue
            if message["type"] != "table":
                continue
            if message["over"] is not None or message["error"]:
                return
            if message["waiting"]:
                ws.send(json.dumps({"type": "choose", "seat": seat, "step": message["step"],
                                    "option": pick(message)}))


def test_without_the_right_token_nothing_of_a_seat_is_served(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "human"], tmp_path)
    faces = Faces(fuzzy.game, cache=tmp_path / "cache")
    with serving(table, faces) as base:
        good = link(base, table, (0,))
        token = good.rsplit("/", 1)[1]
        wrong = f"{base}/seat/{token[:-1]}{'A' if token[-1] != 'A' else 'B'}"
        with httpx.Client() as http:
            assert http.get(good).status_code == 200
            for url in (base + "/", wrong, f"{base}/seat/", f"{wrong}/face/magic.png",
                        f"{base}/seat//face/magic.png"):
                response = http.get(url)
                assert response.status_code == 404, url
                assert "Magic" not in response.text and "Seat 1" not in response.text
            face = http.get(f"{good}/face/magic.png")
            assert face.status_code == 200 and face.content.startswith(b"\x89PNG")
            assert http.get(f"{good}/face/no-such-card.png").status_code == 404
        for url in (wrong, f"{base}/seat/"):
            with pytest.raises(InvalidStatus):
                connect(ws_url(url), open_timeout=5)
        with connect(ws_url(good), open_timeout=5) as ws:
            greeting = json.loads(ws.recv(timeout=10))
            first = json.loads(ws.recv(timeout=10))
        assert greeting == {"type": "seats", "seats": [0]}
        assert first["type"] == "table" and first["seat"] == 0


@pytest.mark.parametrize("seed", [4, 9])
def test_no_message_on_a_seats_socket_names_a_card_it_may_not_see(fuzzy, tmp_path, seed):
    table = new_table(fuzzy, ["human", "human", "heuristic"], tmp_path, seed=seed)
    hidden = watch_hidden(table)
    received: dict[int, list] = {0: [], 1: []}
    with serving(table) as base:
        players = [threading.Thread(target=play_seat, args=(link(base, table, (s,)), s,
                                                           received[s],
                                                           lambda p: p["step"] % len(
                                                               p["decision"]["options"])))
                   for s in (0, 1)]
        for player in players:
            player.start()
        for player in players:
            player.join(60)
        assert table.wait(10) and table.over
    for seat, messages in received.items():
        tables = [m for m in messages if m["type"] == "table"]
        assert len(tables) > 10 and tables[-1]["over"] is not None
        assert not [m for m in messages if m["type"] == "error"]
        for message in tables:
            assert message["seat"] == seat
            secret = hidden[(seat, message["seq"])]
            assert secret, "the other seat's hand is hidden"
            assert leaked(message, secret) == [], f"seat {seat + 1}, step {message['step']}"
            others = [z for z in message["zones"] if z["owner"] not in (None, seat)]
            assert all(c is None for z in others if z["name"] == "Hand" for c in z["cards"])


def test_malformed_and_out_of_turn_messages_are_refused_and_change_nothing(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "human"], tmp_path, seed=5)
    with serving(table) as base, ExitStack() as stack:
        sockets = {s: stack.enter_context(connect(ws_url(link(base, table, (s,))), open_timeout=5))
                   for s in (0, 1)}
        latest = {s: next_table(ws) for s, ws in sockets.items()}
        while not any(p["waiting"] for p in latest.values()):
            for s, ws in sockets.items():
                latest[s] = next_table(ws)
        seat = next(s for s, p in latest.items() if p["waiting"])
        step = latest[seat]["step"]
        before = state_hash(table.session.machine.state)
        bad = {
            "not JSON": (seat, "choose 1 please"),
            "bytes": (seat, b"\x00\x01"),
            "too long": (seat, json.dumps({"type": "choose", "pad": "x" * 5000})),
            "missing fields": (seat, json.dumps({"type": "choose"})),
            "another seat's answer": (seat, json.dumps({"type": "choose", "seat": 1 - seat,
                                                        "step": step, "option": 0})),
            "out of turn": (1 - seat, json.dumps({"type": "choose", "seat": 1 - seat,
                                                  "step": step, "option": 0})),
            "option out of range": (seat, json.dumps({"type": "choose", "seat": seat,
                                                      "step": step, "option": 999})),
        }
        for name, (who, text) in bad.items():
            sockets[who].send(text)
            reply = json.loads(sockets[who].recv(timeout=10))
            assert reply["type"] == "error" and reply["message"], name
        assert state_hash(table.session.machine.state) == before
        assert table.session.step == step
        sockets[seat].send(json.dumps({"type": "choose", "seat": seat, "step": step,
                                       "option": 0}))
        after = next_table(sockets[seat])
        assert after["type"] == "table" and after["step"] > step


def test_clients_coming_and_going_leave_the_game_intact(fuzzy, tmp_path):
    table = new_table(fuzzy, ["human", "random", "random"], tmp_path, seed=6)
    with serving(table) as base:
        url = ws_url(link(base, table, (0,)))
        for i in range(30):
            with connect(url, open_timeout=5) as ws:
                if i % 3 == 1:
                    next_table(ws)
                    ws.send("{bad")
                elif i % 3 == 2:  # dropped without a closing handshake
                    ws.socket.shutdown(socket.SHUT_RDWR)
        received: list = []
        play_seat(link(base, table, (0,)), 0, received)
        assert table.wait(10) and table.over
        deadline = time.monotonic() + 5
        while table.listening(0) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert table.listening(0) == 0
    assert received[-1]["over"] is not None
    done = replay(tmp_path / "game.jsonl", lambda pack: load_program(pack))
    assert done.ok, done.divergence
