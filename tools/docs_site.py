"""mkdocs hooks of the tabletop docs site (`hooks:` in `mkdocs.yml`), and the checks they run.

* **Docstrings are Markdown.** Before the build, every docstring under `src/` is scanned for
  what mkdocstrings would render wrongly: reST roles (`:class:` and friends), `::` literal
  blocks, reST tables and doctests outside a fence (they render as nested blockquotes). Each
  rendered page is scanned for leftover roles too. Every finding is a warning, so
  `mkdocs build --strict` fails; `tests/test_docs_site.py` runs the same checks under pytest.
* **Rule IDs are anchors and links.** On the rules pages (`*/rules.md`, and the kernel's
  table on `conformance.md`) each rule ID that starts a bullet, a heading or a table row gets
  an anchor whose id is exactly the ID (`conservas/rules.md#CON-2.3`). On every page,
  the API reference included, every other mention of a rule ID links to its anchor
  (`CON-1.5/6` links both rules); a mention of an ID the rules pages do not define is a warning.
* **Shipped scenarios.** The marker `<!-- tabletop:scenarios -->` is replaced by a table of
  every scenario shipped with tabletop and the rule IDs it cites (linked like any mention).
* **Worked examples.** A marker `<!-- tabletop:include examples/conformance/NAME.py -->` is
  replaced by a heading naming that file and the file, read from disk, as a fenced Python
  block (nothing when the file does not exist yet), so the page shows the very cases CI runs.

The checks are plain functions of text, so they run without mkdocs.
"""

from __future__ import annotations

import ast
import logging
import posixpath
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.tabletop")

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

RULE_ID = re.compile(r"(?<![\w-])([A-Z]{2,5}-\d+(?:\.\d+)*)((?:/\d+)+)?(?![\w-]|\.\d)")
SCENARIOS_MARKER = "<!-- tabletop:scenarios -->"
INCLUDE_MARKER = re.compile(r"<!-- tabletop:include (examples/conformance/[\w-]+\.py) -->")

# ------------------------------------------------------------------------------------ docstrings
REST_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const|any|ref|doc|term):`")
REST_TABLE = re.compile(r"^\s*=+(\s+=+)+\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
SECTION = re.compile(r"^(\s*)([A-Z][A-Za-z ]*):\s*$")


def docstrings(tree: ast.Module) -> Iterable[tuple[int, str]]:
    """Every docstring of a module (the module's, each class's, function's and attribute's), with its line."""

    def visit(body: list[ast.stmt]) -> Iterable[tuple[int, str]]:
        for k, stmt in enumerate(body):
            value = stmt.value.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) else None
            if isinstance(value, str) and (k == 0 or isinstance(body[k - 1], ast.Assign | ast.AnnAssign)):
                yield stmt.lineno, value
            if isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef | ast.If | ast.Try):
                yield from visit(stmt.body)

    yield from visit(tree.body)


def docstring_problems_in(text: str) -> list[tuple[int, str]]:
    """What in one docstring would not render as Markdown: (line offset, what is wrong)."""
    problems: list[tuple[int, str]] = []
    lines = text.split("\n")
    in_fence = False
    examples_indent: int | None = None  # griffe renders doctests inside an Examples: section
    for n, line in enumerate(lines):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        indent = len(line) - len(line.lstrip())
        section = SECTION.match(line)
        if section:
            examples_indent = indent if section.group(2) in ("Example", "Examples") else None
        elif examples_indent is not None and line.strip() and indent <= examples_indent:
            examples_indent = None
        if REST_ROLE.search(line):
            problems.append((n, "reST role (write [`Name`][tabletop.module.Name] or `name`)"))
        if re.search(r"(^|\S)::\s*$", line) or line.strip() == "::":
            problems.append((n, "reST literal block '::' (use a fenced ``` block)"))
        if REST_TABLE.match(line):
            problems.append((n, "reST table (use a Markdown table)"))
        starts_paragraph = n == 0 or not lines[n - 1].strip()
        if line.lstrip().startswith(">>>") and starts_paragraph and examples_indent is None:
            problems.append((n, "doctest outside a fence renders as nested quotes (wrap it in ```pycon)"))
    if in_fence:
        opened = max(n for n, line in enumerate(lines) if FENCE.match(line))
        problems.append((opened, "fence never closed (the rest of the docstring renders as code)"))
    return problems


def docstring_problems(src: Path = SRC) -> list[str]:
    """Every docstring problem under `src`, as `path:line: problem: text`."""
    found: list[str] = []
    for path in sorted(src.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(src.parent)
        for lineno, text in docstrings(tree):
            lines = text.split("\n")
            for offset, problem in docstring_problems_in(text):
                found.append(f"{where}:{lineno + offset}: {problem}: {lines[offset].strip()}")
    return found


def rendered_problems(html: str) -> list[str]:
    """Leftover reST in a rendered page: roles as text before a code span, doctests as nested quotes."""
    text = re.sub(r"<[^>]+>", "", html)
    problems = [f"reST role left in the page: {m.group(0)}" for m in REST_ROLE.finditer(text)]
    problems += [
        f"reST role left in the page: {m.group(0)}"
        for m in re.finditer(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const):<code>", html)
    ]
    if re.search(r"<blockquote>\s*<blockquote>", html):
        problems.append("nested blockquotes: a '>>>' doctest outside a fence?")
    return problems


# ------------------------------------------------------------------------------------ rule IDs
def is_rule_page(src_uri: str) -> bool:
    """Pages that define rule IDs: each game's rules page and the kernel's table."""
    return src_uri.endswith("/rules.md") or src_uri == "rules.md" or src_uri == "conformance.md"


_BULLET = re.compile(r"^(\s*[-*+]\s+)\*\*(?P<id>[A-Z]{2,5}-\d+(?:\.\d+)*)\*\*")
_HEADING = re.compile(r"^(#{1,6}\s+)(?:(?P<id>[A-Z]{2,5}-\d+)\b|(?P<num>\d+)\.\s)")
_ROW = re.compile(r"^(\|\s*)(?P<id>[A-Z]{2,5}-\d+(?:\.\d+)*)(\s*\|)")


def anchor_rule_ids(markdown: str) -> tuple[str, list[str]]:
    """Give each rule ID a rules page defines an anchor with exactly that id.

    A rule is defined by a bullet starting with the bold ID (`- **CON-2.3** ...`), a heading
    starting with the ID (`## CON-2 At Sea`, or `## 2. Course of play` on a page whose
    bullets use the prefix `ZOO`, which defines `ZOO-2`), or a table row whose first cell is
    the ID (`| KER-1 | ... |`). Returns the new Markdown and the IDs defined, in page order.
    """
    prefixes = {m.group("id").split("-")[0] for m in map(_BULLET.match, markdown.splitlines()) if m}
    prefix = next(iter(prefixes)) if len(prefixes) == 1 else None
    defined: list[str] = []
    out: list[str] = []
    in_fence = False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
        if not in_fence:
            line = _anchor_line(line, prefix, defined)
        out.append(line)
    return "\n".join(out), defined


def _anchor_line(line: str, prefix: str | None, defined: list[str]) -> str:
    bullet = _BULLET.match(line)
    if bullet:
        rule = bullet.group("id")
        defined.append(rule)
        link = f'<a class="rule-id" id="{rule}" href="#{rule}"><strong>{rule}</strong></a>'
        return bullet.group(1) + link + line[bullet.end() :]
    heading = _HEADING.match(line)
    if heading and (heading.group("id") or prefix):
        rule = heading.group("id") or f"{prefix}-{heading.group('num')}"
        defined.append(rule)
        return heading.group(1) + f'<span class="rule-id" id="{rule}"></span>' + line[heading.end(1) :]
    row = _ROW.match(line)
    if row:
        rule = row.group("id")
        defined.append(rule)
        return row.group(1) + f'<span class="rule-id" id="{rule}"></span>' + line[row.end(1) :]
    return line


_SKIP = {"a", "script", "style", "textarea", "title"}
_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.DOTALL)


def link_rule_ids(html: str, hrefs: Mapping[str, str]) -> tuple[str, list[str]]:
    """Link every mention of a rule ID in `html` (text outside links) to `hrefs[ID]`.

    `CON-1.5/6` links `CON-1.5` and `CON-1.6`. Returns the new HTML and the IDs mentioned that
    `hrefs` does not know although their prefix is known (a rule ID that does not exist).
    """
    prefixes = {rule.split("-")[0] for rule in hrefs}
    unknown: list[str] = []

    def link(rule: str, text: str) -> str:
        if rule in hrefs:
            return f'<a class="rule-ref" href="{hrefs[rule]}">{text}</a>'
        if rule.split("-")[0] in prefixes:
            unknown.append(rule)
        return text

    def replace(m: re.Match[str]) -> str:
        rule, more = m.group(1), m.group(2)
        out = link(rule, rule)
        for part in (more or "").split("/")[1:]:
            sibling = rule.rsplit(".", 1)[0] + "." + part if "." in rule else rule.rsplit("-", 1)[0] + "-" + part
            out += "/" + link(sibling, part)
        return out

    pieces = _TAG.split(html)
    skipping: list[str] = []
    for k, piece in enumerate(pieces):
        if k % 2:
            tag = re.match(r"<(/?)([a-zA-Z0-9]+)", piece)
            if tag and tag.group(2).lower() in _SKIP and not piece.endswith("/>"):
                if tag.group(1):
                    if skipping:
                        skipping.pop()
                else:
                    skipping.append(tag.group(2).lower())
        elif piece and not skipping:
            pieces[k] = RULE_ID.sub(replace, piece)
    return "".join(pieces), unknown


def relative_url(target: str, base: str) -> str:
    """The URL of site page `target` as seen from page `base` (both as mkdocs writes `page.url`)."""
    base_dir = base if base.endswith("/") or not base else posixpath.dirname(base) + "/"
    rel = posixpath.relpath("/" + target, "/" + base_dir) if target else posixpath.relpath("/", "/" + base_dir)
    if rel == ".":
        return "./"
    return rel + "/" if target.endswith("/") and not rel.endswith("/") else rel


# ------------------------------------------------------------------------------------ scenarios
def scenarios_markdown() -> str:
    """A Markdown table of every shipped scenario: game, title, file and the rule IDs it cites."""
    from tabletop.testing.conformance import builtin_scenarios, load_scenario

    rows = ["| game | scenario | file | rules |", "|---|---|---|---|"]
    for path in builtin_scenarios():
        scenario = load_scenario(path)
        game = scenario.game.split(":")[0].rsplit(".", 1)[-1]  # "tabletop.testing.drill:GAME" is drill
        title = scenario.title.replace("|", "\\|")
        rows.append(f"| {game} | {title} | `{path.name}` | {', '.join(scenario.rules)} |")
    return "\n".join(rows)


def include_examples(markdown: str, root: Path = ROOT) -> str:
    """Replace each include marker by a heading and its file as a fenced Python block (or by
    nothing when the file does not exist)."""

    def include(m: re.Match[str]) -> str:
        path = root / m.group(1)
        if not path.is_file():
            return ""
        text = path.read_text(encoding="utf-8").rstrip()
        return f"### `{m.group(1)}`\n\n```python\n{text}\n```"

    return INCLUDE_MARKER.sub(include, markdown)


# ------------------------------------------------------------------------------------ mkdocs events
_rule_pages: dict[str, str] = {}  # rule ID -> url of the page defining it


def on_pre_build(config: Any) -> None:
    """Warn on every docstring problem under `src/` (strict builds fail)."""
    for problem in docstring_problems():
        log.warning("docstring is not Markdown: %s", problem)


def on_files(files: Any, config: Any) -> Any:
    """Find where each rule ID is defined, before any page is rendered."""
    _rule_pages.clear()
    for file in files.documentation_pages():
        if is_rule_page(file.src_uri):
            _, defined = anchor_rule_ids(file.content_string)
            for rule in defined:
                if rule in _rule_pages:
                    log.warning("rule ID %s is defined twice: %s and %s", rule, _rule_pages[rule], file.src_uri)
                _rule_pages.setdefault(rule, file.url)
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Anchor the rule IDs of a rules page; fill in the shipped scenarios."""
    if SCENARIOS_MARKER in markdown:
        markdown = markdown.replace(SCENARIOS_MARKER, scenarios_markdown())
    markdown = include_examples(markdown)
    if is_rule_page(page.file.src_uri):
        markdown, _ = anchor_rule_ids(markdown)
    return markdown


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Link every rule ID mentioned on the page; warn on leftover reST and unknown rule IDs."""
    for problem in rendered_problems(html):
        log.warning("%s: %s", page.file.src_uri, problem)
    hrefs = {
        rule: ("" if url == page.url else relative_url(url, page.url)) + "#" + rule for rule, url in _rule_pages.items()
    }
    html, unknown = link_rule_ids(html, hrefs)
    for rule in sorted(set(unknown)):
        log.warning("%s mentions rule %s, which no rules page defines", page.file.src_uri, rule)
    return html
