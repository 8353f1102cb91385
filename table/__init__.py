"""The playtest table: a local web server where people play any pack with bots, rules enforced.

`Table` (table.game) runs one `runtime.session.Session` in a worker thread: bots choose as
in `play`; a human seat's decision waits for its page to answer over a WebSocket. Each seat
gets only its own view (`table.payload`), behind an unguessable token; card faces are the
printed layouts drawn by printkit (`table.faces`); `make_app` (table.app) is the Starlette
application, `server` its uvicorn server. The page is plain HTML, CSS and JS in `static/`.
"""

from table.app import make_app, server
from table.game import Table

__all__ = ["Table", "make_app", "server"]
