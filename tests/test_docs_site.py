"""The docs site: docstrings render as Markdown, rule IDs are anchors and links, the quick start runs.

The checks live in `tools/docs_site.py`, the mkdocs hook module, so `mkdocs build --strict` and
these tests apply the same rules.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("conservas", "archipel", "spolka_zoo")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


site = _load("docs_site")


def _catalogue(game: str) -> list[str]:
    data = tomllib.loads((ROOT / "src" / "tabletop" / game / "data" / "rules.toml").read_text(encoding="utf-8"))
    return [rule["id"] for rule in data["rules"]]


def _rule_pages() -> dict[str, str]:
    """Rule ID -> site URL of the page defining it, as the hook computes it."""
    pages: dict[str, str] = {}
    for page in [*(f"{game}/rules.md" for game in GAMES), "conformance.md"]:
        _, defined = site.anchor_rule_ids((ROOT / "docs" / page).read_text(encoding="utf-8"))
        url = "conformance/" if page == "conformance.md" else page.replace(".md", "/")
        pages.update(dict.fromkeys(defined, url))
    return pages


# ------------------------------------------------------------------------------------ docstrings
def test_every_docstring_in_src_is_markdown() -> None:
    """No docstring under src/ holds a reST role, a '::' literal block, a reST table or a bare doctest."""
    assert site.docstring_problems(ROOT / "src") == []


PLANTED = '''"""A module.

>>> 1 + 1
2
"""


def f() -> None:
    """Call :func:`g` and :class:`~pkg.mod.Thing`.

    Like this::

        f()

    =====  =====
    a      b
    =====  =====
    """


X = 1
"""An attribute naming :data:`Y`."""


def unclosed() -> None:
    """A fence a merge left open.

    ```pycon
    >>> 1 + 1
    2
    """


def clean() -> None:
    """Call [`g`][pkg.g], fenced and in an Examples section: nothing to report.

    ```pycon
    >>> 1 + 1
    2

    ```

    Examples:
        >>> 2 + 2
        4
    """
'''


def test_docstring_check_catches_planted_rest(tmp_path: Path) -> None:
    """Each planted reST construct is reported once, with its file and line; Markdown is not."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text(PLANTED, encoding="utf-8")
    problems = site.docstring_problems(tmp_path / "pkg")
    assert [p.split(": ")[0] for p in problems] == [
        "pkg/mod.py:3",  # bare doctest
        "pkg/mod.py:9",  # two roles on one line
        "pkg/mod.py:11",  # literal block
        "pkg/mod.py:15",  # reST table borders
        "pkg/mod.py:17",
        "pkg/mod.py:22",  # role in an attribute docstring
        "pkg/mod.py:28",  # unclosed fence
    ]
    assert "never closed" in problems[-1]
    assert "reST role" in problems[1] and ":func:`g`" in problems[1]
    assert "'::'" in problems[2]
    assert "nested quotes" in problems[0]


def test_rendered_check_catches_a_role_the_source_check_cannot_see() -> None:
    """A role that reached the HTML (from a Markdown page, say) is reported; a code span is not."""
    assert site.rendered_problems("<p>see :class:<code>Deck</code> here</p>")
    assert site.rendered_problems("<p>see :meth:`Deck.draw`</p>")
    assert site.rendered_problems("<blockquote>\n<blockquote>\n<blockquote>\n<p>1 + 1</p>")
    assert site.rendered_problems('<p>see <a href="x"><code>Deck</code></a>: a deck</p>') == []


def test_hook_is_wired_into_mkdocs() -> None:
    """mkdocs.yml runs the hook (so a strict build fails on what the checks report) and the griffe extension."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^hooks:\n(  - .*\n)*  - tools/docs_site\.py$", config, re.MULTILINE)
    assert "tools/griffe_values.py:LiteralValuesOnly" in config
    assert re.search(r"^validation:\n  anchors: warn", config, re.MULTILINE)  # a link to rules.md#CON-9.9 fails


def test_attribute_values_shown_only_when_they_are_data() -> None:
    """`CHANCE = -1` keeps its value on the page; `GAMES = tuple(_BUILTIN)` and long literals do not."""
    pytest.importorskip("griffe")
    values = _load("griffe_values")
    assert values.is_shown("-1") and values.is_shown("'conservas'") and values.is_shown("(1, 2)")
    assert not values.is_shown("tuple(_BUILTIN)")
    assert not values.is_shown('Game(name="drill")')
    assert not values.is_shown(repr(tuple(range(100))))


# ------------------------------------------------------------------------------------ rule IDs
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_of_a_rules_page_gets_its_anchor(game: str) -> None:
    """Every rule of the game's catalogue gets exactly one anchor whose id is the rule ID itself."""
    markdown = (ROOT / "docs" / game / "rules.md").read_text(encoding="utf-8")
    anchored, defined = site.anchor_rule_ids(markdown)
    for rule in _catalogue(game):
        assert anchored.count(f'id="{rule}"') == 1, rule
        assert rule in defined
    assert len(defined) == len(set(defined))


def test_section_headings_and_kernel_rules_get_anchors() -> None:
    """`## CON-2 At Sea`, `## 2. Course of play` (Spółka ZOO) and the kernel's `| KER-1 |` rows are anchors too."""
    pages = _rule_pages()
    assert pages["CON-2"] == "conservas/rules/"
    assert pages["ZOO-2"] == "spolka_zoo/rules/"
    assert pages["ARC-10"] == "archipel/rules/"
    assert {f"KER-{n}" for n in range(1, 8)} <= {r for r in pages if r.startswith("KER")}


def test_a_mention_links_to_the_rule_anchor() -> None:
    """Mentions in text and in code (an IllegalMove message) link to the rules page; links are left alone."""
    hrefs = {rule: site.relative_url(url, "reference/conservas/") + "#" + rule for rule, url in _rule_pages().items()}
    html = (
        "<p>Refused by CON-2.3.</p>"
        "<p><code>CON-1.2: boat 'El Dorado' already received tokens</code></p>"
        "<td>CON-1.5/6/8</td>"
        '<p><a href="elsewhere">CON-2.4</a> and DRILL-1 and CON-99.1</p>'
    )
    linked, unknown = site.link_rule_ids(html, hrefs)
    assert '<p>Refused by <a class="rule-ref" href="../../conservas/rules/#CON-2.3">CON-2.3</a>.</p>' in linked
    assert '<code><a class="rule-ref" href="../../conservas/rules/#CON-1.2">CON-1.2</a>: boat' in linked
    assert '">CON-1.5</a>/<a class="rule-ref" href="../../conservas/rules/#CON-1.6">6</a>/' in linked
    assert '<a href="elsewhere">CON-2.4</a>' in linked
    assert "DRILL-1" in linked and "#DRILL-1" not in linked
    assert unknown == ["CON-99.1"]


@pytest.mark.parametrize(
    ("target", "base", "expected"),
    [
        ("conservas/rules/", "reference/conservas/", "../../conservas/rules/"),
        ("conservas/rules/", "", "conservas/rules/"),
        ("conservas/rules/", "conservas/rulings/", "../rules/"),
        ("conformance/", "conformance/", "./"),
    ],
)
def test_relative_url(target: str, base: str, expected: str) -> None:
    """Links are relative, so the site works from any folder."""
    assert site.relative_url(target, base) == expected


def test_shipped_scenarios_are_listed_with_their_rules() -> None:
    """The generated table has one row per shipped scenario, naming its file and every rule it cites."""
    from tabletop.testing.conformance import builtin_scenarios, load_scenario

    table = site.scenarios_markdown()
    assert site.SCENARIOS_MARKER in (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    rows = table.splitlines()[2:]
    paths = builtin_scenarios()
    assert len(rows) == len(paths) > 50
    for row, path in zip(rows, paths, strict=True):
        assert f"`{path.name}`" in row
        assert row.endswith(" | " + ", ".join(load_scenario(path).rules) + " |")


# ------------------------------------------------------------------------------------ the built site
@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built strictly (any hook warning fails it)."""
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    out = tmp_path_factory.mktemp("site")
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(out), strict=True)
    build(config)
    return out


def test_built_rules_pages_have_every_anchor(built: Path) -> None:
    """In the built site, `<game>/rules/#<ID>` exists for every rule of every catalogue."""
    for game in GAMES:
        html = (built / game / "rules" / "index.html").read_text(encoding="utf-8")
        ids = set(re.findall(r'id="([^"]+)"', html))
        assert set(_catalogue(game)) <= ids


def test_built_pages_link_rule_mentions(built: Path) -> None:
    """A rulings page, the API reference's refusal table and the scenario table link to the rule anchors."""
    rulings = (built / "conservas" / "rulings" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="rule-ref" href="\.\./rules/#CON-\d+\.\d+">', rulings)
    reference = (built / "reference" / "conservas" / "index.html").read_text(encoding="utf-8")
    assert '<td><a class="rule-ref" href="../../conservas/rules/#CON-2.3">CON-2.3</a></td>' in reference
    from tabletop.testing.conformance import builtin_scenarios, load_scenario

    conformance = (built / "conformance" / "index.html").read_text(encoding="utf-8")
    for path in builtin_scenarios():
        row = conformance.split(f"<code>{path.name}</code></td>", 1)[1].split("</tr>", 1)[0]
        for rule in load_scenario(path).rules:
            assert re.search(rf'<a class="rule-ref" href="[^"]*#{re.escape(rule)}">{re.escape(rule)}</a>', row), rule


def test_built_reference_renders_markdown(built: Path) -> None:
    """No reST role, no blockquote from a doctest, no `tuple(_BUILTIN)` in the API reference."""
    for page in (built / "reference").rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        assert site.rendered_problems(html) == [], page
        assert "<blockquote>" not in html, page
    tabletop_page = (built / "reference" / "tabletop" / "index.html").read_text(encoding="utf-8")
    assert "_BUILTIN" not in tabletop_page
    assert '<span class="kc">None</span>' not in tabletop_page.split('id="tabletop.CHANCE"')[1][:2000]


# ------------------------------------------------------------------------------------ quick start
QUICK = re.compile(r"<!-- quick-start -->\n```console\n(.*?)```\n<!-- /quick-start -->", re.DOTALL)


def _quick_start() -> list[list[str]]:
    block = QUICK.search((ROOT / "docs" / "index.md").read_text(encoding="utf-8"))
    assert block, "docs/index.md has no quick-start block"
    return [shlex.split(line.removeprefix("$ "), comments=True) for line in block.group(1).splitlines()]


def test_quick_start_covers_every_command() -> None:
    """The home page's quick start shows each command a newcomer needs, one line each."""
    commands = [argv[1] for argv in _quick_start()]
    assert {"games", "play", "simulate", "conformance", "validate", "replay"} <= set(commands)
    assert all(argv[0] == "tabletop" for argv in _quick_start())


def test_quick_start_lines_work(tmp_path: Path) -> None:
    """Every quick-start line runs as written from the checkout's top folder (play gets 'save' and 'quit' typed)."""
    (tmp_path / "src").symlink_to(ROOT / "src")
    for argv in _quick_start():
        typed = "save game.json\nquit\n" if argv[1] == "play" else ""
        run = subprocess.run(
            [sys.executable, "-m", "tabletop", *argv[1:]],
            cwd=tmp_path,
            input=typed,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, (argv, run.stdout[-2000:], run.stderr[-2000:])
        assert "Traceback" not in run.stderr, argv
    assert (tmp_path / "game.json").exists()


# ------------------------------------------------------------------------------------ reference coverage
NOT_IN_REFERENCE = {
    "tabletop.__main__",  # `python -m tabletop`
    "tabletop.cli",  # the command line, documented by its --help and the quick start
    "tabletop.cli_files",  # the files the command line reads (part of the command line)
    "tabletop.registry",  # shown through `tabletop` (get_game, register, GAMES...)
}


def test_every_module_is_in_the_api_reference() -> None:
    """Each module of src/ is rendered on a reference page (a package's `__init__` counts as the package)."""
    shown = set()
    for page in (ROOT / "docs" / "reference").glob("*.md"):
        shown |= set(re.findall(r"^::: ([\w.]+)", page.read_text(encoding="utf-8"), re.MULTILINE))
    modules = set()
    for path in (ROOT / "src").rglob("*.py"):
        parts = path.relative_to(ROOT / "src").with_suffix("").parts
        modules.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    packages = {m for m in modules if (ROOT / "src" / m.replace(".", "/") / "__init__.py").exists()}
    subpackages_shown = {p for p in packages if any(s.startswith(p + ".") for s in shown)}
    missing = modules - shown - NOT_IN_REFERENCE - subpackages_shown
    assert not missing, f"add '::: <module>' to a page in docs/reference for: {sorted(missing)}"
