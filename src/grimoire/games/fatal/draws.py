"""Draws from a ``random.Random``, made exactly as its own methods make them, compiled.

``resample`` re-deals hidden objects before every bot decision; ``random.Random``'s ``shuffle``,
``sample``, ``choice`` and ``randrange`` are written in Python (one interpreted call per object
drawn). ``Draws`` makes the same calls to the generator's ``getrandbits`` and ``random`` in the
same order, with the same arithmetic (CPython 3.11's ``random.py``), so a re-deal is the same
deal, bit for bit, pure or compiled. A generator of another class (a subclass may draw
differently) is asked through its own methods.

>>> import random
>>> a, b = random.Random(5), random.Random(5)
>>> x, y = list(range(30)), list(range(30))
>>> a.shuffle(x); Draws(b).shuffle(y); x == y
True
>>> [a.sample(range(60), k) == Draws(b).sample(list(range(60)), k) for k in (3, 12)]
[True, True]
>>> a.choice(x) == Draws(b).choice(y), a.random() == Draws(b).random()
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable


class Draws:
    """``random.Random``'s draws on a list of ints (see the module's docstring)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.exact = type(rng) is random.Random  # else: the generator's own methods
        self.getrandbits: Callable[[int], int] = rng.getrandbits  # looked up once

    def below(self, n: int) -> int:
        """``_randbelow_with_getrandbits(n)``: an int in [0, n), n > 0."""
        getrandbits = self.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def random(self) -> float:
        return self.rng.random()

    def randrange(self, n: int) -> int:
        """``randrange(n)``."""
        if not self.exact:
            return self.rng.randrange(n)
        if n > 0:
            return self.below(n)
        raise ValueError("empty range for randrange()")

    def choice(self, seq: list[int]) -> int:
        """``choice(seq)``."""
        if not self.exact:
            return self.rng.choice(seq)
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, x: list[int]) -> None:
        """``shuffle(x)``: in place."""
        if not self.exact:
            self.rng.shuffle(x)
            return
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population: list[int], k: int) -> list[int]:
        """``sample(population, k)``: ``k`` distinct positions' objects, in selection order."""
        if not self.exact:
            return self.rng.sample(population, k)
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [0] * k
        setsize = 21  # size of a small set minus size of an empty list
        if k > 5:
            setsize += 4 ** math.ceil(math.log(k * 3, 4))  # table size for big sets
        if n <= setsize:
            pool = population[:]
            for i in range(k):
                j = self.below(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]  # move non-selected item into vacancy
        else:
            selected = [False] * n
            for i in range(k):
                j = self.below(n)
                while selected[j]:
                    j = self.below(n)
                selected[j] = True
                result[i] = population[j]
        return result
