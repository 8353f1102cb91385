"""The runtime: one generic interpreter that plays any compiled game.

It consumes a `compiler.CompiledGame` and never reads YAML or names a game. State is
plain, serialisable data with a stable hash; at each decision point it lists the legal
options and an agent picks one; every chance outcome comes from one seeded generator.

- `Program(game)` (runtime.program): the compiled game indexed once: effect lists by
  number, expressions compiled, ops bound to their implementations (runtime.ops).
  `Program(game, scenario=ID)` plays one scenario (a battle) on its own (runtime.battle);
  `Program(game, story=ID)` walks a story, fighting its battles (runtime.story);
  `Program(game)` of rules with a `campaign:` walks its stories in a row (the whole game).
- Pieces on a board are targets (runtime.targets): board selectors pick pieces, ties are
  decisions, foes act as their pieces (runtime.ops.pieces).
- Rolls (runtime.dice): pools counted by their faces, advantage or disadvantage and the
  rolling seat's standing modifiers; an attack strikes with a chosen weapon (runtime.weapons),
  its dice shared among targets or hits (runtime.shares); kept hits meet one defence roll
  (runtime.ops.defence).
- `Machine.start(program, players, seed)` (runtime.machine): a game run to its first
  decision; `machine.decision` lists the options, `machine.answer(i)` takes one.
- `view(machine, seat)` / `determinise(program, view, rng)` (runtime.views): what a seat
  may know, and a full game sampled consistently with it (`Sampler(program, view)` for
  many samples of one view). Samples are forks of a `Template` (runtime.state): they share
  the zones and per-instance arrays until written, so those are written only through
  `zone_for_write` / `array_for_write`.
- Agents (runtime.agents): random, heuristic, mcts, scripted, human; `make_agent(spec)`.
- `Session` (runtime.session): a game with agents, logs, a save after every decision and
  resuming; saves are untrusted input, validated before use (runtime.saves); `simulate`
  (runtime.simulate) and `replay` (runtime.replay), which checks every log line it reads.
- A match (runtime.match): games in a row, each starting from what the rules' `match.carry`
  names at the end of the last one.
- Simulation: runs and sweeps (runtime.simulate, runtime.sweep) on a process pool or Dask
  (runtime.dask_run), results streamed as JSON lines (runtime.results), figures with
  intervals (runtime.figures) and the HTML report of charts (runtime.report).

Layers, bottom up; a module imports only its own layer and those below, with no import cycle
(docs/runtime-layers.md; tests/runtime/test_layers.py checks both, function-level imports
included):
- core: state, frames and their handler registry, rng, errors, zones, the variable store
  (runtime.variables), ability uses, seats, and `runtime.hooks` (calls up to a rule module);
- domains: board geometry, dice, selectors, figures on the board (runtime.targets), picking,
  shares, entering, the deal;
- rules: the op registry (runtime.ops) and every op module, windows, turns, options, respond,
  between, conditions, effects, interactions, battle, story, expression names (runtime.env),
  located errors, guards; `runtime.rule_modules` imports them all so they register;
- interpreter: `Program` (runtime.program, which imports runtime.rule_modules) and `Machine`;
- play: views, agents, render, log, saves, session, replay, match, simulate and what it writes.
Only type-only imports (`if TYPE_CHECKING:`) reach up, and only for `Machine` and `Program`.
"""
