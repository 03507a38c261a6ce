"""docs/ai/layouts.md shows the action ranges and tensor sections the bridges really have."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import adapters

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "ai" / "layouts.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("game", "options"), [("conservas", {}), ("archipel", {"players": 2})])
def test_every_range_and_section_is_on_the_page_as_the_bridge_has_it(game, options):
    bridge = adapters.bridge(game, **options)
    for part in (*bridge.actions.ranges, *bridge.layout()):
        assert f"| `{part.name}` | {part.offset}-{part.end - 1} | {part.doc} |" in PAGE


def test_the_page_gives_the_sizes():
    conservas, archipel = adapters.bridge("conservas"), adapters.bridge("archipel", players=2)
    assert f"{conservas.num_actions} action ids" in PAGE and f"{conservas.observation_size} values" in PAGE
    assert f"{archipel.num_actions} ids for 2 boats" in PAGE
