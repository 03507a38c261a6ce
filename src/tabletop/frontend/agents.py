"""The agents' old home: `tabletop.frontend.agents` re-exports [tabletop.agents][].

Kept so that code written against the frontend toolkit keeps importing; new code imports
`tabletop.agents`.
"""

from __future__ import annotations

from tabletop.agents import (
    AGENTS,
    Agent,
    GreedyAgent,
    ISMCTSAgent,
    MCTSAgent,
    RandomAgent,
    RolloutAgent,
    ScriptedAgent,
    make_agent,
)

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "MCTSAgent",
    "RandomAgent",
    "RolloutAgent",
    "ScriptedAgent",
    "make_agent",
]
