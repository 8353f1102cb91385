"""The table's web application (Starlette), served by uvicorn.

Routes: `/seat/{token}` a seat's page; `/seat/{token}/ws` its WebSocket (the seat's
payloads out, its answers in); `/seat/{token}/face/{card}.png` a card face; `/static/...`
the page's own files. A path without a known token gets 404 and nothing of any seat.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from table.faces import Faces
from table.game import Table

STATIC = Path(__file__).parent / "static"
MESSAGE_LIMIT = 4096  # bytes: an answer is a few dozen
NO_SEAT = "No seat here: open the link printed for your seat."


def make_app(table: Table, faces: Faces | None = None) -> Starlette:
    async def page(request: Request) -> Response:
        if table.seats_of(request.path_params["token"]) is None:
            return PlainTextResponse(NO_SEAT, status_code=404)
        return FileResponse(STATIC / "table.html", headers={"Cache-Control": "no-store"})

    async def face(request: Request) -> Response:
        data = None
        if table.seats_of(request.path_params["token"]) is not None and faces is not None:
            data = await asyncio.to_thread(faces.png, request.path_params["card"])
        if data is None:
            return PlainTextResponse("no such card face", status_code=404)
        return Response(data, media_type="image/png",
                        headers={"Cache-Control": "private, max-age=86400"})

    async def socket(ws: WebSocket) -> None:
        seats = table.seats_of(ws.path_params["token"])
        if seats is None:
            await ws.close(code=4404, reason=NO_SEAT)
            return
        await ws.accept()
        loop = asyncio.get_running_loop()
        outbox: asyncio.Queue = asyncio.Queue()
        outbox.put_nowait({"type": "seats", "seats": list(seats)})  # more than one: hot seat

        def send(payload: dict) -> None:
            loop.call_soon_threadsafe(outbox.put_nowait, payload)

        stop = table.subscribe(seats, send)
        sender = asyncio.create_task(_send_all(ws, outbox))
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                error = table.submit(seats, _parse(message.get("text")))
                if error is not None:
                    outbox.put_nowait({"type": "error", "message": error})
        finally:
            stop()
            sender.cancel()

    async def nothing(_request: Request) -> Response:
        return PlainTextResponse(NO_SEAT, status_code=404)

    return Starlette(routes=[
        Route("/", nothing),
        Route("/seat/{token}", page),
        Route("/seat/{token}/face/{card}.png", face),
        WebSocketRoute("/seat/{token}/ws", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])


def _parse(text: str | None):
    """A page's message as JSON data, or None when it is not (the table then says why)."""
    if text is None or len(text) > MESSAGE_LIMIT:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


async def _send_all(ws: WebSocket, outbox: asyncio.Queue) -> None:
    try:
        while True:
            await ws.send_text(json.dumps(await outbox.get(), ensure_ascii=False))
    except Exception:  # noqa: BLE001 - the page went away; its reader ends the connection
        return


def server(table: Table, faces: Faces | None, host: str, port: int):
    """The uvicorn server of the table (`run()` it; `should_exit = True` stops it)."""
    import uvicorn

    config = uvicorn.Config(make_app(table, faces), host=host, port=port, log_level="warning",
                            ws_max_size=MESSAGE_LIMIT * 4, lifespan="off")
    return uvicorn.Server(config)
