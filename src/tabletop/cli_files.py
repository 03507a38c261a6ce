"""What the command line reads besides its options: records to a bound, only regular files or
folders, and seeds in the range a game takes; and its parser, whose usage errors, like every
refusal it prints, quote what was typed cut short."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final, NoReturn

from tabletop.kernel.seeds import SeedError, check_seed

__all__ = ["Parser", "cut_message", "read_record_file", "regular_path", "seed_argument"]

#: A refusal printed is cut to about this many characters (it may quote a huge value typed).
_LONGEST_MESSAGE: Final = 500


def cut_message(message: str, longest: int = _LONGEST_MESSAGE) -> str:
    """`message` cut to `longest` characters (500), its start and its end (as the server cuts its refusals)."""
    if len(message) <= longest:
        return message
    return f"{message[: longest - 67]} [...] {message[-60:]}"


class Parser(argparse.ArgumentParser):
    """argparse's parser, its usage errors cut short (`invalid choice: 'xxx...'` quoted a 5000-character
    word whole); subcommands' parsers are of the same class."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and the error, cut short, and exit with status 2."""
        super().error(cut_message(message, _LONGEST_MESSAGE - len(f"{self.prog}: error: ")))


def seed_argument(text: str) -> int:
    """`--seed SEED`: a whole number from 0 to 2**63 - 1 (see [check_seed][tabletop.kernel.seeds.check_seed]).

    Raises:
        argparse.ArgumentTypeError: Naming `seed` and the text (cut short), for argparse's usage error.
    """
    try:
        value: object = int(text)
    except ValueError:  # not digits, or more of them than Python reads: the text is quoted, cut short
        value = text
    try:
        return check_seed(value)
    except SeedError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def regular_path(path: Path) -> Path:
    """`path`, when it is a regular file or a folder: a device or a pipe (`/dev/zero`) would be read
    without end.

    Raises:
        ValueError: Naming the path, for anything else that exists, or a path the system
            cannot look up (a name too long).
    """
    try:
        odd = path.exists() and not (path.is_file() or path.is_dir())
    except OSError as exc:  # a name longer than the system takes, say: it was a traceback
        msg = f"{cut_message(str(path))}: {exc.strerror or exc}"
        raise ValueError(msg) from None
    if odd:
        msg = f"{path}: not a regular file or folder"
        raise ValueError(msg)
    return path


def read_record_file(path: str) -> str:
    """The text of a record file; a file that cannot be read, or too big to be a record
    (checked before reading it), is a usage error naming it."""
    from tabletop.kernel.serialize import MAX_TEXT

    try:
        size = Path(path).stat().st_size
        if size > 4 * MAX_TEXT:  # UTF-8 takes at most 4 bytes a character
            msg = f"cannot read {path}: {size} bytes is too big for a record"
            raise ValueError(msg)
        with Path(path).open("rb") as file:  # at most that much: a device (/dev/zero) has no size and no end
            data = file.read(4 * MAX_TEXT + 1)
        if len(data) > 4 * MAX_TEXT:
            msg = f"cannot read {path}: more than {4 * MAX_TEXT} bytes is too big for a record"
            raise ValueError(msg)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        msg = f"cannot read {path}: {exc.strerror if isinstance(exc, OSError) and exc.strerror else exc}"
        raise ValueError(msg) from None
