"""A study's report (DIR/report.html): one self-contained page — plots drawn by matplotlib as inline SVG, no
script, no font or style sheet fetched — in English or French, from the rows of DIR/games.parquet."""

from __future__ import annotations

import html
import io
import math
import os
import statistics
from collections import defaultdict
from fractions import Fraction
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.i18n import chance, decimal
from ..core.stats import Z95, wilson

REPORT_FILE = "report.html"

WORDS = {
    "title": ("Étude d'équilibre : {game}", "Balance study: {game}"),
    "summary": ("{games} parties, {players} joueurs, contrôleurs {controllers}, graines {seed}/0 à {seed}/{last}.",
                "{games} games, {players} players, controllers {controllers}, seeds {seed}/0 to {seed}/{last}."),
    "varied": ("Variation : {fields} (chaque valeur jouée sur les mêmes graines).",
               "Varied: {fields} (each value played on the same seeds)."),
    "wins": ("Taux de victoire par {key}", "Win rate by {key}"),
    "wins_note": ("Barres : intervalle de confiance à 95 % (Wilson) ; tirets : la part équitable.",
                  "Bars: 95 % confidence interval (Wilson); dashes: the fair share."),
    "rate": ("taux de victoire", "win rate"),
    "fair": ("part équitable", "fair share"),
    "value": ("valeur", "value"), "played": ("joués", "played"), "won": ("gagnés", "won"),
    "interval": ("intervalle à 95 %", "95 % interval"),
    "length": ("Durée des parties", "Game length"),
    "turns": ("tours", "turns"), "commands": ("ordres", "commands"), "games": ("parties", "games"),
    "length_note": ("En moyenne {turns} tours et {commands} ordres par partie.",
                    "On average {turns} turns and {commands} commands per game."),
    "economy": ("Courbes : {figure}", "Curves: {figure}"),
    "economy_note": ("Moyenne par tour (en fin de tour) du gagnant et des autres joueurs.",
                     "Mean per turn (as each turn ends) of the winner and of the other players."),
    "winner": ("gagnant", "winner"), "others": ("autres", "others"), "turn": ("tour", "turn"),
    "battles": ("Batailles par partie", "Battles per game"),
    "battles_note": ("En moyenne {mean} par partie (intervalle à 95 % : {low} à {high}) ; "
                     "{share} des parties en ont au moins une.",
                     "On average {mean} per game (95 % interval: {low} to {high}); "
                     "{share} of the games hold at least one."),
    "events": ("Événements par partie", "Events per game"),
    "type": ("type", "type"), "mean": ("moyenne", "mean"),
    "by_vary": ("Par valeur de {field}", "By value of {field}"),
}


# the start positions' keys the games' study rows use (a game's own key is shown as it is named)
KEYS = {"army": ("armée", "army"), "kingdom": ("royaume", "kingdom"), "placement": ("rang de placement", "placement"),
        "race": ("race", "race"), "seat": ("place à la table", "seat"), "side": ("camp", "side"),
        "roster": ("liste d'armée", "roster"), "controller": ("contrôleur", "controller")}


def word(lang: str, name: str, **params: Any) -> str:
    fr, en = WORDS[name]
    return (fr if lang == "fr" else en).format(**params)


def key_word(lang: str, key: str) -> str:
    fr, en = KEYS.get(key, (key, key))
    return fr if lang == "fr" else en


def write(rows: Sequence[dict[str, Any]], directory: Path, title: str, lang: str = "en") -> Path:
    """Write the report of these rows (as DIR/games.parquet reads back) whole, beside its name then renamed."""
    from ..storage.out_file import marked
    path = directory / REPORT_FILE
    part = directory / (REPORT_FILE + ".part")
    part.write_text(marked(page(rows, title, lang)), encoding="utf-8")
    os.replace(part, path)
    return path


def page(rows: Sequence[dict[str, Any]], title: str, lang: str = "en") -> str:
    rows = sorted(rows, key=lambda r: r["game"])
    varied = [k[len("vary_"):] for k in (rows[0] if rows else {}) if k.startswith("vary_")]
    body = [f"<h1>{_e(word(lang, 'title', game=title))}</h1>", _summary(rows, varied, lang)]
    for key in [k[len("start_"):] for k in rows[0] if k.startswith("start_")] + ["controllers"]:
        column = "controllers" if key == "controllers" else f"start_{key}"
        if key == "controllers" and len({c for r in rows for c in r["controllers"]}) < 2:
            continue
        body.append(_wins(rows, column, key, varied, lang))
    body.append(_length(rows, lang))
    for name in [k[len("figure_"):] for k in rows[0] if k.startswith("figure_")]:
        body.append(_economy(rows, name, lang))
    if any(r["battles"] is not None for r in rows):
        body.append(_battles(rows, lang))
    body.append(_events(rows, lang))
    for field in varied:
        body.append(_by_vary(rows, field, lang))
    style = ("body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}"
             "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .6em;"
             "text-align:right}th:first-child,td:first-child{text-align:left}svg{max-width:100%;height:auto}")
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>'
            f"{_e(word(lang, 'title', game=title))}</title><style>{style}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def _e(text: Any) -> str:
    return html.escape(str(text))


def _summary(rows: Sequence[dict[str, Any]], varied: list[str], lang: str) -> str:
    seeds = sorted({r["seed"] for r in rows})
    base = seeds[0].rpartition("/")[0] if seeds else ""
    controllers = ", ".join(dict.fromkeys(c for r in rows for c in r["controllers"]))
    players = ", ".join(str(p) for p in sorted({r["players"] for r in rows}))
    out = [word(lang, "summary", games=len(rows), players=players, controllers=controllers, seed=base,
                last=max((int(s.rpartition("/")[2]) for s in seeds if s.rpartition("/")[2].isdigit()), default=0))]
    if varied:
        out.append(word(lang, "varied", fields="; ".join(
            f"{f} = {', '.join(dict.fromkeys(r['vary_' + f] for r in rows))}" for f in varied)))
    return "".join(f"<p>{_e(line)}</p>" for line in out)


def _svg(fig: Any) -> str:
    import matplotlib.pyplot as plt
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _figure(width: float = 7.0, height: float = 3.2, ncols: int = 1) -> Any:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "campagne", "font.size": 9})
    return plt.subplots(1, ncols, figsize=(width, height))


def win_rates(rows: Sequence[dict[str, Any]], column: str) -> list[tuple[str, int, int]]:
    """(value, played, won) for each value of a per-player column, sorted by value."""
    played: dict[str, int] = defaultdict(int)
    won: dict[str, int] = defaultdict(int)
    for r in rows:
        for pid, value in zip(r["player_ids"], r[column]):
            played[value] += 1
            won[value] += pid in r["winners"]
    return [(v, played[v], won[v]) for v in sorted(played)]


def _wins(rows: Sequence[dict[str, Any]], column: str, key: str, varied: list[str], lang: str) -> str:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[" · ".join(f"{f}={r['vary_' + f]}" for f in varied)].append(r)
    values = sorted({v for r in rows for v in r[column]})
    fig, ax = _figure(7.0, 0.9 + 0.35 * len(values) * max(1, len(groups)))
    height = 0.8 / len(groups)
    table = []
    for g, (label, members) in enumerate(groups.items()):
        stats = {v: (n, w) for v, n, w in win_rates(members, column)}
        ys, xs, lows, highs = [], [], [], []
        for i, v in enumerate(values):
            n, w = stats.get(v, (0, 0))
            low, high = wilson(w, n)
            rate = w / n if n else 0.0
            ys.append(i + (g - (len(groups) - 1) / 2) * height)
            xs.append(rate)
            lows.append(rate - low)
            highs.append(high - rate)
            table.append((label, v, n, w, rate, low, high))
        ax.barh(ys, xs, height=height * 0.9, xerr=[lows, highs], capsize=2, label=label or None)
    fair = statistics.mean(1 / r["players"] for r in rows)
    ax.axvline(fair, linestyle="--", color="grey", label=word(lang, "fair"))
    ax.set_yticks(range(len(values)), values)
    ax.set_xlim(0, 1)
    ax.set_xlabel(word(lang, "rate"))
    ax.legend(fontsize=7, loc="lower right")
    heads = ([word(lang, "by_vary", field="/".join(varied))] if varied else []) + [
        word(lang, "value"), word(lang, "played"), word(lang, "won"), word(lang, "rate"), word(lang, "interval")]
    lines = [[*([label] if varied else []), v, n, w, chance(Fraction(w, n), lang),
              f"{chance(Fraction(low), lang)} – {chance(Fraction(high), lang)}"]
             for label, v, n, w, rate, low, high in table]
    return (f"<h2>{_e(word(lang, 'wins', key=key_word(lang, key)))}</h2><p>{_e(word(lang, 'wins_note'))}</p>"
            + _svg(fig) + _table(heads, lines))


def _table(heads: list[str], lines: list[list[Any]]) -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in heads)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in line) + "</tr>" for line in lines)
    return f"<table><tr>{head}</tr>{body}</table>"


def _length(rows: Sequence[dict[str, Any]], lang: str) -> str:
    fig, (left, right) = _figure(7.0, 2.6, ncols=2)
    turns = [r["turns"] for r in rows]
    left.hist(turns, bins=range(min(turns), max(turns) + 2), align="left", rwidth=0.8)
    left.set_xlabel(word(lang, "turns"))
    left.set_ylabel(word(lang, "games"))
    right.hist([r["commands"] for r in rows], bins=20)
    right.set_xlabel(word(lang, "commands"))
    note = word(lang, "length_note", turns=decimal(statistics.mean(turns), lang, 2),
                commands=decimal(statistics.mean(r["commands"] for r in rows), lang, 1))
    return f"<h2>{_e(word(lang, 'length'))}</h2><p>{_e(note)}</p>" + _svg(fig)


def _economy(rows: Sequence[dict[str, Any]], name: str, lang: str) -> str:
    sums: dict[str, dict[int, list[float]]] = {"winner": defaultdict(list), "others": defaultdict(list)}
    for r in rows:
        for turn, values in zip(r["turn_numbers"], r[f"figure_{name}"] or []):
            for pid, value in zip(r["player_ids"], values):
                if value is not None:
                    sums["winner" if pid in r["winners"] else "others"][turn].append(value)
    fig, ax = _figure(7.0, 2.8)
    for who, by_turn in sums.items():
        turns = sorted(by_turn)
        ax.plot(turns, [statistics.mean(by_turn[t]) for t in turns], marker=".", label=word(lang, who))
    ax.set_xlabel(word(lang, "turn"))
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_ylabel(name.replace("_", " "))
    ax.legend(fontsize=7)
    return (f"<h2>{_e(word(lang, 'economy', figure=name.replace('_', ' ')))}</h2>"
            f"<p>{_e(word(lang, 'economy_note'))}</p>" + _svg(fig))


def _battles(rows: Sequence[dict[str, Any]], lang: str) -> str:
    counts = [r["battles"] or 0 for r in rows]
    mean = statistics.mean(counts)
    half = Z95 * statistics.stdev(counts) / math.sqrt(len(counts)) if len(counts) > 1 else 0.0
    fig, ax = _figure(7.0, 2.6)
    ax.hist(counts, bins=range(0, max(counts) + 2), align="left", rwidth=0.8)
    ax.set_xlabel(word(lang, "battles").lower())
    ax.set_ylabel(word(lang, "games"))
    note = word(lang, "battles_note", mean=decimal(mean, lang), low=decimal(max(0.0, mean - half), lang),
                high=decimal(mean + half, lang), share=chance(Fraction(sum(c > 0 for c in counts), len(counts)), lang))
    return f"<h2>{_e(word(lang, 'battles'))}</h2><p>{_e(note)}</p>" + _svg(fig)


def _events(rows: Sequence[dict[str, Any]], lang: str) -> str:
    totals = {k[len("events_"):]: sum(sum(r[k]) for r in rows) / len(rows) for k in rows[0] if k.startswith("events_")}
    lines = [[kind, decimal(mean, lang)] for kind, mean in sorted(totals.items(), key=lambda kv: -kv[1])]
    return f"<h2>{_e(word(lang, 'events'))}</h2>" + _table([word(lang, "type"), word(lang, "mean")], lines)


def _by_vary(rows: Sequence[dict[str, Any]], field: str, lang: str) -> str:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r[f"vary_{field}"]].append(r)
    battles = any(r["battles"] is not None for r in rows)
    heads = [word(lang, "value"), word(lang, "games"), word(lang, "turns"), word(lang, "commands")]
    lines = []
    for value, members in groups.items():
        line = [value, len(members), decimal(statistics.mean(r['turns'] for r in members), lang),
                decimal(statistics.mean(r['commands'] for r in members), lang, 1)]
        if battles:
            line.append(decimal(statistics.mean(r['battles'] or 0 for r in members), lang))
        lines.append(line)
    if battles:
        heads.append(word(lang, "battles"))
    return f"<h2>{_e(word(lang, 'by_vary', field=field))}</h2>" + _table(heads, lines)
