"""Loading and validating TOML content files: cards, boards, months, scenarios.

Content is data, never code. A game keeps its cards in `data/*.toml`; owners of a printed
copy can type in the real cards and load them instead. Every problem is reported as a
[`ContentError`][tabletop.kernel.errors.ContentError] naming the file, the item and the field:

    boats.toml, item 'el-dorado', field 'catch': expected an int, got 'two'
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final, TypeVar

import cattrs

from tabletop.kernel.errors import ContentError
from tabletop.kernel.serialize import explain
from tabletop.kernel.tokens import Tokens

__all__ = ["item_label", "load_items", "read_package_toml", "read_toml", "structure_item"]

T = TypeVar("T")


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file.

    Raises:
        ContentError: If the file cannot be read or is not valid TOML.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    except UnicodeDecodeError as exc:
        msg = f"not UTF-8 text: {exc.reason} at byte {exc.start}"
        raise ContentError(msg, file=str(path)) from None
    return parse_toml(text, file=path.name)


CONTENT_ENV: Final = "TABLETOP_CONTENT"
"""Environment variable naming a folder of content files that replace the shipped ones."""


def read_package_toml(package: str, name: str) -> dict[str, Any]:
    """Parse a TOML file shipped inside a package (`package/name`).

    When the environment variable `TABLETOP_CONTENT` names a folder that holds
    `<game>/<file name>` (`conservas/boats.toml` for `tabletop.conservas`,
    `data/boats.toml`), that file is read instead: owners of a printed game put the real
    cards there without touching the installed package. Games read their content when they
    are first imported, so the variable must be set before that.
    """
    override = content_override(package, name)
    if override is not None:
        return read_toml(override)
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return parse_toml(text, file=name)


def content_override(package: str, name: str) -> Path | None:
    """The file replacing `package/name` under `$TABLETOP_CONTENT`, if there is one.

    Raises:
        ContentError: If `$TABLETOP_CONTENT` is not a folder, holds a file outside a game's
            folder, or the game's folder holds a file the game does not read (a typo such as
            `company.toml` would otherwise be ignored without a word).
    """
    folder = os.environ.get(CONTENT_ENV)
    if not folder:
        return None
    root = Path(folder)
    if not root.is_dir():
        raise ContentError(f"{CONTENT_ENV} names {folder!r}, which is not a folder", file=folder)
    parts = package.split(".")
    game = parts[1] if len(parts) > 1 and parts[0] == "tabletop" else parts[0]
    _check_folder(root, game, package, name)
    candidate = root / game / Path(name).name
    return candidate if candidate.is_file() else None


def _check_folder(root: Path, game: str, package: str, name: str) -> None:
    for entry in sorted(root.iterdir()):
        if entry.is_file() and entry.suffix == ".toml":
            msg = f"content files go in a folder named after their game ({CONTENT_ENV}/<game>/{entry.name})"
            raise ContentError(msg, file=str(entry))
    here = root / game
    if not here.is_dir():
        return
    shipped = resources.files(package).joinpath(name)
    known = sorted({Path(name).name} | {p.name for p in _parent(shipped).iterdir() if p.name.endswith(".toml")})
    for entry in sorted(here.iterdir()):
        if entry.name not in known:
            msg = f"{game} reads no file {entry.name!r} (its content files: {', '.join(known)})"
            raise ContentError(msg, file=str(entry))


def _parent(shipped: Any) -> Any:
    """The folder holding a shipped resource (`Traversable` has no `parent`)."""
    parent = getattr(shipped, "parent", None)
    return parent if parent is not None else shipped


def parse_toml(text: str, *, file: str = "<string>") -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes a `ContentError` naming `file`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"not valid TOML: {exc}", file=file) from None


def tokens_hook(
    kinds: Sequence[str], *, noun: str = "token kind", minimum: int = 0, nonempty: bool = False
) -> Callable[[Any, type], Tokens]:
    """A cattrs structure hook reading `{kind = count}` tables of the given `kinds` into
    [`Tokens`][tabletop.kernel.tokens.Tokens], for content files.

    Args:
        kinds: The allowed kinds (an unknown one is named in the error with the allowed list).
        noun: What a kind is called in errors (`"fruit"`).
        minimum: The smallest count allowed (0 or 1).
        nonempty: Whether an empty table is refused.
    """
    allowed = ", ".join(kinds)
    bound = "non-negative" if minimum <= 0 else "positive"

    def structure(value: Any, _: type) -> Tokens:
        if not isinstance(value, dict) or (nonempty and not value):
            msg = f"expected a table of counts by {noun}, e.g. {{ {kinds[0]} = 2 }}; got {value!r}"
            raise ValueError(msg)
        for kind, n in value.items():
            if kind not in kinds:
                msg = f"unknown {noun} {kind!r} ({noun}s: {allowed})"
                raise ValueError(msg)
            if not isinstance(n, int) or isinstance(n, bool) or n < minimum:
                msg = f"count of {kind!r} must be a {bound} integer, got {n!r}"
                raise ValueError(msg)
        return Tokens(value)

    return structure


def item_label(raw: object, key: str, index: int) -> str:
    """How an item is named in errors: its `id` or `name`, else `key[index]`."""
    if isinstance(raw, Mapping):
        for field in ("id", "name"):
            value = raw.get(field)
            if isinstance(value, str) and value:
                return value
    return f"{key}[{index}]"


def structure_item(converter: cattrs.Converter, raw: Any, cls: type[T], *, file: str, item: str) -> T:
    """Structure one item, turning a cattrs failure into a `ContentError`."""
    try:
        return converter.structure(raw, cls)
    except cattrs.BaseValidationError as exc:
        text, path = explain(exc, "$")
        raise ContentError(text, file=file, item=item, field=path.removeprefix("$").lstrip(".")) from None
    except (TypeError, ValueError, KeyError) as exc:
        raise ContentError(str(exc), file=file, item=item) from None


def load_items(
    converter: cattrs.Converter,
    data: Mapping[str, Any],
    key: str,
    cls: type[T],
    *,
    file: str,
    unique: str | None = "id",
) -> tuple[T, ...]:
    """Structure the array of tables `data[key]` into a tuple of `cls`.

    Args:
        converter: A converter made with `forbid_extra_keys=True`, so typos are caught.
        data: The parsed TOML document.
        key: The array's key (`"boats"` for `[[boats]]`).
        cls: The attrs class of one item.
        file: The file name, for errors.
        unique: A field whose values must be distinct (`None`: no check).

    Raises:
        ContentError: Naming the file, the item and the field of the first problem.
    """
    raw_items = data.get(key)
    if not isinstance(raw_items, list):
        raise ContentError(f"expected an array of tables [[{key}]]", file=file, item=key)
    items: list[T] = []
    seen: set[object] = set()
    for index, raw in enumerate(raw_items):
        label = item_label(raw, key, index)
        if not isinstance(raw, dict):
            raise ContentError("expected a table", file=file, item=label)
        item = structure_item(converter, raw, cls, file=file, item=label)
        _check_common(item, file=file, item=label)
        if unique is not None:
            value = getattr(item, unique)
            if value in seen:
                raise ContentError(f"duplicate {unique} {value!r}", file=file, item=label, field=unique)
            seen.add(value)
        items.append(item)
    return tuple(items)


def _check_common(value: object, *, file: str, item: str) -> None:
    """What every content item of every game must satisfy: an `id` is non-empty text
    without surrounding blanks (it names the item in states, moves and errors), and a
    `copies` count is at least 1."""
    ident = getattr(value, "id", None)
    if isinstance(ident, str) and (not ident or ident != ident.strip()):
        raise ContentError(
            f"an id must be non-empty text without surrounding blanks, got {ident!r}", file=file, item=item, field="id"
        )
    copies = getattr(value, "copies", None)
    if isinstance(copies, int) and copies < 1:
        raise ContentError(f"copies must be at least 1, got {copies!r}", file=file, item=item, field="copies")
