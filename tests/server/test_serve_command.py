"""`tabletop serve` with a database it cannot open, a port that is no port or an address it cannot
listen on: one line, exit 2.

The message names the database (never a URL's password) and comes before anything is served:
no "serving on" line, no traceback.
"""

from __future__ import annotations

import pytest

from tabletop.cli import main
from tabletop.server.storage import StorageError, open_storage

pytest.importorskip("uvicorn")


@pytest.mark.parametrize(
    ("db", "named"),
    [
        ("/nonexistent/folder/matches.sqlite3", "/nonexistent/folder/matches.sqlite3"),
        ("postgresql://tabletop:s3cret@127.0.0.1:1/tabletop", "127.0.0.1:1/tabletop"),  # nothing listens on port 1
    ],
)
def test_a_database_that_cannot_be_opened_is_one_line(capsys: pytest.CaptureFixture[str], db: str, named: str) -> None:
    out, err = _refused(capsys, ["serve", "--db", db, "--port", "0"], f"cannot open the database {named}: ")
    assert "s3cret" not in out + err


def test_open_storage_raises_a_typed_error_naming_the_file(tmp_path) -> None:
    with pytest.raises(StorageError, match="cannot open the database .*not-a-folder") as raised:
        open_storage(tmp_path / "not-a-folder" / "x.sqlite3")
    assert raised.value.where.endswith("x.sqlite3")


@pytest.mark.parametrize("port", ["-1", "65536", "99999", "http"])
def test_a_port_that_is_no_port_is_a_usage_error(capsys: pytest.CaptureFixture[str], port: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--port", port])
    out, err = capsys.readouterr()
    assert exited.value.code == 2
    assert f"a port is 0 to 65535, got '{port}'" in err
    assert "serving on" not in out


def test_serve_refuses_a_port_out_of_range_before_opening_anything(tmp_path) -> None:
    from tabletop.server import serve

    with pytest.raises(ValueError, match="port must be 0 to 65535, got 70000"):
        serve(port=70000, db=str(tmp_path / "m.sqlite3"))
    assert not (tmp_path / "m.sqlite3").exists()


@pytest.mark.parametrize("host", ["999.1.1.1", "no-such-host.invalid"])
def test_a_host_this_machine_cannot_listen_on_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path, host: str
) -> None:
    """An address that is no address is refused before anything opens or is served (was: "serving on", then exit 3)."""
    db = tmp_path / "m.sqlite3"
    argv = ["serve", "--host", host, "--port", "0", "--db", str(db)]
    _refused(capsys, argv, f"cannot listen on host {host!r}, port 0: ")
    assert not db.exists()


def test_a_port_in_use_is_refused_naming_it(tmp_path) -> None:
    """A port another socket listens on is refused with the host and the port, before the database opens."""
    import socket

    from tabletop.server import serve

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(ValueError, match=rf"cannot listen on host '127.0.0.1', port {port}: "):
            serve("127.0.0.1", port, db=str(tmp_path / "m.sqlite3"))
    assert not (tmp_path / "m.sqlite3").exists()


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], starts: str) -> tuple[str, str]:
    """Run `argv`, hold it to a one-line refusal starting `starts` (exit 2, nothing served); its output."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith(f"tabletop serve: {starts}")
    assert len(err.strip().splitlines()) == 1
    assert "serving on" not in out
    assert "Traceback" not in out + err
    return out, err
