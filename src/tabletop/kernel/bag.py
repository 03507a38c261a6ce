"""A bag of tokens drawn from at random.

Drawing one token is a chance node: the outcomes are the kinds present, each with
probability `count / total`. An empty bag has no outcomes; what happens then is the game's
business (Conservas tops the bag up with water from the supply), so the bag only reports it.

```pycon
>>> bag = Bag(Tokens({"sardine": 1, "water": 3}))
>>> bag.outcomes()
(('sardine', 0.25), ('water', 0.75))
>>> bag.draw("water").contents["water"]
2

```
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

import attrs

from tabletop.kernel.fastattrs import maker
from tabletop.kernel.tokens import Tokens

__all__ = ["Bag"]


@attrs.frozen
class Bag:
    """A multiset drawn from at random, one token at a time.

    Attributes:
        contents: The tokens in the bag. Their order is unknown to everybody: only the
            counts exist.
    """

    contents: Tokens = attrs.field(factory=Tokens)

    @property
    def total(self) -> int:
        """The number of tokens in the bag."""
        return self.contents.total

    @property
    def is_empty(self) -> bool:
        """True when nothing can be drawn."""
        return not self.contents.total  # a slot read, not a call of `Tokens.__bool__`

    def outcomes(self) -> tuple[tuple[str, float], ...]:
        """Each kind present with the probability of drawing it, kinds in sorted order.

        Empty for an empty bag.
        """
        total = self.contents.total
        return tuple([(kind, n / total) for kind, n in self.contents.items()])

    def exact_outcomes(self) -> tuple[tuple[str, Fraction], ...]:
        """Like [`outcomes`][tabletop.kernel.bag.Bag.outcomes] with exact `Fraction` probabilities."""
        total = self.contents.total
        return tuple((kind, Fraction(n, total)) for kind, n in self.contents.items())

    def draw(self, kind: str) -> Bag:
        """The bag after a token of `kind` was drawn (the chance outcome chosen).

        Raises:
            ValueError: If no token of `kind` is in the bag.
        """
        return _bag(self.contents.remove(kind))

    def put(self, tokens: Tokens) -> Bag:
        """The bag with `tokens` added."""
        return _bag(self.contents + tokens)

    def take(self, tokens: Tokens) -> Bag:
        """The bag with `tokens` removed (`ValueError` if not all present)."""
        return _bag(self.contents - tokens)

    def __str__(self) -> str:
        return f"bag[{self.contents}]"


_bag: Final[Callable[[Tokens], Bag]] = maker(Bag)
"""`Bag(contents)` without the generated `__init__`'s per-field call (every draw builds a bag)."""
