"""The generator handed to each bot decision.

Each bot decision gets its own generator, a pure function of the match seed,
the match number, the seat and the decision's position in the log (DX.1,
DX.6), so undo, redo and replay reproduce every choice exactly.

A generator reveals nothing of the seed (version 3): its key is a keyed
BLAKE2b hash, keyed by the seed, of the decision's place, so neither its
state nor its outputs lead back to the seed, to another decision's
generator or to the deals (drawn from the seed by a generator no bot holds).
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Callable

RNG_VERSION = 3
"""The decision generator of new matches, recorded as ``"rng"`` in the match header.

1: a Mersenne Twister seeded per decision (matches saved before the key existed).
2: :class:`DecisionRandom` keyed by a reversible scramble of the seed (old saves and records only).
3: :class:`DecisionRandom` keyed by a one-way hash of the seed (:func:`decision_rngs`).
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_UNIT = 2.0**-53


def _mix(value: int) -> int:
    """The SplitMix64 finalizer: a bijective scramble of a 64-bit word."""
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


class DecisionRandom(random.Random):
    """A ``random.Random`` driven by a SplitMix64 counter from one 64-bit key.

    Making one costs a fraction of a microsecond (no Mersenne Twister
    seeding), and every method of ``random.Random`` (``choice``,
    ``randrange``, ``shuffle``, ``random``, ``sample``...) works on it.
    The sequence is a pure function of the key, the same on every platform.
    """

    def __init__(self, key: int = 0) -> None:
        self._counter = key & _MASK
        self.gauss_next = None

    def seed(self, a: object = None, version: int = 2) -> None:
        """Restart from ``a`` (an int, or any value with a stable ``hash``)."""
        self._counter = (a if isinstance(a, int) else hash(a)) & _MASK
        self.gauss_next = None

    def _next64(self) -> int:
        self._counter = counter = (self._counter + _GOLDEN) & _MASK
        return _mix(counter)

    def random(self) -> float:
        """The next float in [0, 1), 53 random bits."""
        return (self._next64() >> 11) * _UNIT

    def _randbelow(self, n: int) -> int:
        """An int in [0, n): one 64-bit word scaled down (bias below n / 2**64)."""
        return (self._next64() * n) >> 64

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """As ``random.Random.randrange``; ``randrange(n)``, a bot's common call, is worked out here in one step."""
        if stop is None and type(start) is int and start > 0:
            self._counter = word = (self._counter + _GOLDEN) & _MASK
            return (_mix(word) * start) >> 64  # as _randbelow(start)
        return super().randrange(start, stop, step)

    def getrandbits(self, k: int) -> int:
        """An int of ``k`` random bits."""
        if k <= 64:
            return self._next64() >> (64 - k) if k else 0
        words, bits = 0, 0
        while bits < k:
            words |= self._next64() << bits
            bits += 64
        return words & ((1 << k) - 1)

    def getstate(self) -> tuple[int, int, float | None]:
        return (RNG_VERSION, self._counter, self.gauss_next)

    def setstate(self, state: tuple[int, int, float | None]) -> None:
        _, self._counter, self.gauss_next = state


def decision_rng(seed: int, match_number: int, seat: int, ply: int, version: int = RNG_VERSION) -> random.Random:
    """The RNG for one bot decision: a pure function of its position (DX.1, DX.6).

    ``ply`` is the decision's index in the match log; ``version`` picks the
    generator (see :data:`RNG_VERSION`). Raises ValueError for an unknown version.
    """
    return decision_rngs(seed, match_number, version)(seat, ply)


def decision_rngs(seed: int, match_number: int, version: int = RNG_VERSION) -> Callable[[int, int], random.Random]:
    """The decision RNGs of one match: ``rngs(seat, ply)`` is ``decision_rng(seed, match_number, seat, ply, version)``.

    The match's share of the key is mixed once here, so a session pays only
    for the seat and ply at each decision. Raises ValueError for an unknown
    version.
    """
    if version == 3:
        keyed = hashlib.blake2b(key=_seed_key(seed), digest_size=8, person=b"roundhouse.rng")
        keyed.update(match_number.to_bytes(8, "little"))

        def version_3(seat: int, ply: int) -> random.Random:
            one = keyed.copy()
            one.update(_PLACE.pack(seat, ply))
            return DecisionRandom(int.from_bytes(one.digest(), "little"))

        return version_3
    if version == 2:
        match_key = _mix((seed & _MASK) ^ _GOLDEN) + (match_number << 40)

        def version_2(seat: int, ply: int) -> random.Random:
            return DecisionRandom(_mix((match_key + (seat << 32) + ply) & _MASK))

        return version_2
    if version == 1:

        def version_1(seat: int, ply: int) -> random.Random:
            return random.Random(hash((seed, match_number, seat, ply)) & 0xFFFFFFFFFFFF)

        return version_1
    raise ValueError(f"unknown decision generator version {version!r} (known: 1, 2, 3)")


_PLACE = struct.Struct("<QQ")
"""A decision's place in its match, (seat, ply), as the bytes version 3 hashes."""


def _seed_key(seed: int) -> bytes:
    """The BLAKE2b key of ``seed``: its bytes (two's complement), or for seeds over 512 bits their 64-byte hash."""
    data = seed.to_bytes(seed.bit_length() // 8 + 1, "little", signed=True)
    return data if len(data) <= hashlib.blake2b.MAX_KEY_SIZE else hashlib.blake2b(data).digest()
