"""Games and their options in words for the lobby, and the check of the options a request sends.

The lobby's `GET /api/games` lists each game with
[describe_game][tabletop.server.options.describe_game]; a new match's `options` (and a seat
layout's) go through [request_options][tabletop.server.options.request_options], which refuses
an unknown option, a value the option refuses, and a free-text option (a file path, say) set to
anything but its default or a value the server's operator offers, naming `options.NAME`.

```pycon
>>> from tabletop.registry import get_game
>>> request_options(get_game("conservas"), {"month": "december"}, {})
{'month': 'december'}

```
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.kernel.protocol import Game, Option
from tabletop.server.refusals import ApiError, as_sent, short

__all__ = ["describe_game", "option_kind", "request_options"]


def request_options(game: Game, options: Any, offered: Mapping[tuple[str, str], Sequence[str]]) -> dict[str, Any]:
    """The options a request sends for `game`, checked (a JSON list becomes a tuple; a refusal quotes it
    as the list sent).

    Args:
        game: The game.
        options: What the request sent as `options`.
        offered: The values the operator offers for free-text options, by (game, option).

    Raises:
        ApiError: 400 `bad-option`, its `field` `options` or `options.NAME`.
    """
    if not isinstance(options, dict):
        raise ApiError(400, f"options must be an object, got {short(options)}", "bad-option", field="options")
    out: dict[str, Any] = {}
    for name, value in options.items():
        try:
            option = game.option(name)
        except ValueError as exc:
            raise ApiError(400, str(exc), "bad-option", field=f"options.{name}") from None
        values = offered.get((game.name, name), ())
        if option_kind(option) == "text" and value not in (option.default, *values):
            # A free-text option may name a file on this machine: visitors choose only what is offered.
            choices = f"the default or {', '.join(map(repr, values))}" if values else "only the default"
            msg = f"option {name!r} is free text (a file path, say): the server offers {choices}; got {short(value)}"
            raise ApiError(400, msg, "bad-option", field=f"options.{name}")
        checked = tuple(value) if isinstance(value, list) else value
        try:
            option.check(checked)
        except (ValueError, TypeError) as exc:
            raise ApiError(400, as_sent(str(exc), {name: value}), "bad-option", field=f"options.{name}") from None
        out[name] = checked
    return out


def describe_game(game: Game, agents: list[str], offered: Mapping[tuple[str, str], Sequence[str]]) -> dict[str, Any]:
    """`game` in words for `GET /api/games`: its seats, its options (with the values `offered`) and `agents`."""
    low, _, high = game.players.partition("-")
    return {
        "name": game.name,
        "title": game.title,
        "summary": game.summary,
        "min_seats": int(low),
        "max_seats": int(high or low),
        "options": [_describe_option(o, offered.get((game.name, o.name), ())) for o in game.options],
        "agents": agents,
    }


def option_kind(option: Option) -> str:
    """What the lobby shows for `option`: `"flag"`, `"subset"`, `"choice"`, `"integer"` or `"text"`."""
    if isinstance(option.default, bool):
        return "flag"
    if isinstance(option.default, tuple):
        return "subset"
    if option.choices:
        return "choice"
    if isinstance(option.default, int):
        return "integer"
    return "text"


def _describe_option(option: Option, offered: Sequence[str] = ()) -> dict[str, Any]:
    """An option in words; a free-text one with values the operator offers becomes a choice of them,
    and one taking more than the values it names (`Option.values_for`) is `"open"`: typed text."""
    kind = option_kind(option)
    if kind == "text" and offered:
        kind = "choice"
    if option.values_for is not None:
        kind = "open"  # typed text: the choices named, and more (POST /api/games/{game}/seats lists them)
    out: dict[str, Any] = {
        "name": option.name,
        "label": option.name.replace("_", " ").capitalize(),
        "doc": option.doc,
        "kind": kind,
        "default": list(option.default) if isinstance(option.default, tuple) else option.default,
    }
    if kind in ("choice", "subset", "open"):
        out["choices"] = list(option.choices) if option.choices else [option.default, *offered]
    if kind == "integer":
        accepted = [n for n in range(1001) if _accepts(option, n)]
        if accepted:
            out["low"], out["high"] = accepted[0], accepted[-1]
    if kind == "text":
        out["settable"] = False
    return out


def _accepts(option: Option, value: Any) -> bool:
    try:
        option.check(value)
    except (ValueError, TypeError):
        return False
    return True
