"""Every rule module, imported so that each registers its ops (`runtime.ops`), frame handlers
(`runtime.frames`) and hooks (`runtime.hooks`): the one place that knows them all.
`runtime.program` imports it, so a `Program` is never built before every op it binds is
registered."""

import runtime.battle  # noqa: F401
import runtime.between  # noqa: F401
import runtime.collisions  # noqa: F401
import runtime.conditions  # noqa: F401
import runtime.effects  # noqa: F401
import runtime.interactions  # noqa: F401
import runtime.ops.advance  # noqa: F401
import runtime.ops.board  # noqa: F401
import runtime.ops.cards  # noqa: F401
import runtime.ops.combat  # noqa: F401
import runtime.ops.defence  # noqa: F401
import runtime.ops.dice  # noqa: F401
import runtime.ops.flow  # noqa: F401
import runtime.ops.game  # noqa: F401
import runtime.ops.order  # noqa: F401
import runtime.ops.piece_stats  # noqa: F401
import runtime.ops.piece_turns  # noqa: F401
import runtime.ops.pieces  # noqa: F401
import runtime.ops.terrain  # noqa: F401
import runtime.ops.terrain_attack  # noqa: F401
import runtime.ops.terrain_moves  # noqa: F401
import runtime.ops.turns  # noqa: F401
import runtime.ops.variables  # noqa: F401
import runtime.ops.viability  # noqa: F401
import runtime.respond  # noqa: F401
import runtime.story  # noqa: F401
import runtime.turns  # noqa: F401
import runtime.windows  # noqa: F401
