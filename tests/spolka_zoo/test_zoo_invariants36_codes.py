"""The codes Spółka ZOO's and Archipel's card checks add up (session 36): `CountCode.tokens`
writes the count of every piece as its top digit in place (no long product), and
`PartAnswers.total` adds nothing for a part whose code is 0; each gives the very integer the
plain sum of count times weight gives, for multisets of one-byte and two-byte digits, with
counts past a digit (coded the long way), kinds not known, and parts that are empty
(issue 12)."""

from __future__ import annotations

import random

import pytest

from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.serialize.validate import CountCode
from tabletop.kernel.tokens import Tokens

KINDS = [f"card-{i:03d}" for i in range(127)]


def _plain(code: CountCode, counts: dict[str, int]) -> int | None:
    """Count times weight, summed: the code by its definition."""
    if any(kind not in code.weights for kind in counts):
        return None
    return sum(code.weights[kind] * n for kind, n in counts.items())


@pytest.mark.parametrize("most", [3, 160, 255, 256, 70_000])
def test_a_multiset_is_coded_as_the_sum_of_count_times_weight(most: int) -> None:
    code = CountCode(KINDS, most)
    rng = random.Random(most)
    for _ in range(300):
        kinds = rng.sample(KINDS, rng.randint(0, 40))
        counts = {kind: rng.choice([1, 1, 2, 3, 255, 256, 300, 70_000]) for kind in kinds}
        assert code.tokens(counts) == code.tokens(Tokens(counts)) == _plain(code, counts)
        small = {kind: rng.randint(1, 3) for kind in kinds}  # a kind not known among counts within a digit
        small["not-a-card"] = 1
        assert code.tokens(small) is None


def test_the_total_of_parts_adds_their_codes_and_stops_at_a_part_with_none() -> None:
    code = CountCode(KINDS, 160)
    answers = PartAnswers()
    rng = random.Random(36)
    parts = [Tokens(rng.sample(KINDS, rng.randint(0, 3))) for _ in range(40)]
    assert sum(not part for part in parts) >= 3  # some empty parts, coded 0
    expected = sum(_plain(code, dict(part.items())) or 0 for part in parts)
    assert answers.total(parts, code.tokens) == expected
    assert answers.total(parts, lambda part: None) == expected  # each kept by its identity
    unknown = Tokens({"not-a-card": 1})
    assert answers.total([*parts, unknown, parts[0]], code.tokens) is None
    assert answers.total([Tokens(), Tokens()], code.tokens) == 0
