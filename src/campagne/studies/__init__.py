"""Balance studies at scale: many seeded games of one registered game, played on Dask, one row per game in
Parquet and an HTML report with plots (`campagne study GAME --games N --out DIR`).

An interface at the edge: it never names a game. It works through the registry and each descriptor's hooks:
- `simulate(players, turns, seed, controller, on_turn, **options)` plays one game (`controller`: one name for
  every seat, or a list, one per seat); a simulation that takes keyword options lets a study vary them;
- the game's `study` module may give, besides its own `run`/`text`:
  `row(game) -> {"start": {player: {key: text}}, "winners": [player...], "battles": int}` (any part may be left
  out: the start defaults to the set-up's player fields and the seat, the winners to the outcome's first);
  `figures(state) -> {figure: {player: number}}`, sampled at the end of every turn (economy curves).

Game i of a study is played on the seed `SEED/i` whatever the number of workers or machines, so the rows depend
only on the study's options; every set of `--vary` values is played on the same seeds (a paired comparison).
"""
