"""The `campagne` command line. Thin: it parses, calls the core through `campagne.session`, prints.

Every command takes `--json` and `--lang fr|en` (also settable before the command). Bad input of
any kind prints one sentence and exits with status 2. Modules are imported inside commands so
that `campagne --help` starts fast.
"""

from __future__ import annotations

import os
import sys
from typing import Optional

import typer

from .output import JsonOpt, LangOpt, Out, fail, out, run_safely
from .usage import strict_numbers

strict_numbers()

app = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                  pretty_exceptions_enable=False,
                  help="campagne: run wargame campaigns exactly as their rules say. "
                       "Mener des campagnes de jeux de guerre exactement selon leurs règles.")
odds_app = typer.Typer(no_args_is_help=True, help="Exact odds before a decision. / Probabilités exactes.")
app.add_typer(odds_app, name="odds")




@app.callback()
def _root(lang: Optional[str] = typer.Option(None, "--lang", help="fr or en"),
          json_: bool = typer.Option(False, "--json", help="Machine-readable output."),
          campaign: Optional[str] = typer.Option(None, "--campaign", "-c",
                                                 help="The campaign journal (default: campaign.jsonl).")) -> None:
    if campaign:
        os.environ["CAMPAGNE_CAMPAIGN"] = campaign
    if lang:
        os.environ["CAMPAGNE_LANG"] = lang
    if json_:
        os.environ["CAMPAGNE_JSON"] = "1"


# --------------------------------------------------------------------------- tools


@app.command()
def dice(expr: str = typer.Argument(..., help="e.g. 2D6, D66, 6+2D6, 2D3kl1, 1D6x50"),
         dist: bool = typer.Option(False, "--dist", help="Print the exact distribution."),
         seed: Optional[str] = typer.Option(None, "--seed", help="Seed for a reproducible roll."),
         lang: Optional[str] = LangOpt, json_: bool = JsonOpt) -> None:
    """Roll dice, or give their exact distribution. / Lancer des dés, ou leur distribution exacte."""
    o = out(lang, json_)

    def go() -> None:
        from .tools import dice_command
        dice_command(o, expr, dist, seed)
    run_safely(o, go)


from . import campaign as _campaign  # noqa: E402,F401  (registers the campaign commands)
from . import campaign_papers as _papers  # noqa: E402,F401  (registers journal, sheet and map)
from . import tools as _tools  # noqa: E402,F401  (registers odds, strength and simulate)
from . import games as _games  # noqa: E402,F401  (registers `games`)
from . import server as _server  # noqa: E402,F401  (registers `serve`)


def _mount_game_tools() -> None:
    """Each registered game mounts its own sub-commands (its descriptor's `tools`: `register(app, odds_app)`);
    the command line names no game. A game whose tools module is not written yet contributes nothing."""
    import importlib.util

    from ..core.interface import load
    from ..registry import games
    for g in games().values():
        module = g.tools.partition(":")[0]
        if module and importlib.util.find_spec(module) is not None:
            load(g.tools)(app, odds_app)


_mount_game_tools()


ROOT_OPTIONS_WITH_VALUE = {"--lang", "--campaign", "-c"}


def _command_of(argv: list[str]) -> str | None:
    """The top-level command named on the command line, skipping the root options."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ROOT_OPTIONS_WITH_VALUE:
            skip = True
        elif not arg.startswith("-"):
            return arg
    return None


def _app_for(argv: list[str]) -> typer.Typer:
    """The whole app, or, for a plain top-level command, an app holding only that command: Typer
    builds every command's parameters on each run, and the campaign's everyday commands
    (`status`, `order`, `next`...) should start fast however many tools the project grows."""
    name = _command_of(argv)
    group_names = {g.name for g in app.registered_groups}
    if name is None or name in group_names:
        return app
    chosen = [c for c in app.registered_commands
              if (c.name or c.callback.__name__.replace("_", "-")) == name]
    if not chosen:
        return app  # let the full app say the command is unknown
    light = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                        pretty_exceptions_enable=False)
    light.registered_callback = app.registered_callback
    light.registered_commands = chosen
    return light


_BUILT: dict[int, object] = {}


def _built(chosen: typer.Typer) -> object:
    """The parser of `chosen`: the whole app's built once a process (a process that runs `main` again, as the
    conformance kit does, need not build every command's parameters each time)."""
    if chosen is not app:
        return typer.main.get_command(chosen)
    if id(app) not in _BUILT:
        _BUILT[id(app)] = typer.main.get_command(app)
    return _BUILT[id(app)]


def _lang_of(argv: list[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def main() -> None:
    from .usage import NoArgsIsHelp, UsageError, sentence
    argv = sys.argv[1:]
    try:
        command = _built(_app_for(argv))
        code = command.main(args=argv, prog_name="campagne", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except NoArgsIsHelp as exc:  # `campagne odds` alone: its help, as before
        exc.show()
        sys.exit(2)
    except UsageError as exc:  # a typing mistake: one sentence, not the parser's usage text
        o = Out.make(_lang_of(argv), "--json" in argv)
        fail(o, sentence(exc, o.lang), "usage")
        sys.exit(2)
    except KeyboardInterrupt:
        fail(Out.make(None, False), "interrupted")
        sys.exit(130)
    except Exception as exc:  # a bug, not bad input: say so in one line (CAMPAGNE_DEBUG=1 shows the trace)
        if os.environ.get("CAMPAGNE_DEBUG"):
            raise
        o = Out.make(None, False)
        fail(o, o.t(f"Erreur interne de campagne ({type(exc).__name__}: {exc}) ; merci de la signaler.",
                    f"campagne internal error ({type(exc).__name__}: {exc}); please report it."), "internal")
        sys.exit(1)
