"""Speed work must not change a single game: seeded games per game and player count, random
and heuristic, compared by a digest of the action list + final position with digests recorded
before any optimisation (``python tests/core/test_identical_records.py`` prints them)."""

from __future__ import annotations

import hashlib
import json

import pytest

from grimoire import registry
from grimoire.bots import RandomBot
from grimoire.core.bot import Bot
from grimoire.sim import play_game

# (game, players, seed, heuristic bots?) -> sha256, recorded before the speed changes
RECORDED: dict[tuple[str, int, int, bool], str] = {
    ("ciub", 2, 11, False): "c92c8ad469e597935de4e08e6658d2407825ca841b784a2eeb3efb75600fa7fe",
    ("ciub", 3, 12, False): "09bd028d08c0641e977156b73cbfb280feddc26204d74ef243ca9c36f6d4f34d",
    ("ciub", 4, 13, False): "23b0c780b40b403ae7ac8f3c8de859ba244250c8a1cce7b1c3f5b6507f8324b2",
    ("ciub", 2, 14, True): "924be30dc04a4d3b424f6d076555a64fc5a3ad83c80ba5fe7bc5aa0fc588ddf3",
    # Five Seals' options gained ``components`` (issue 37, a counts file for studies): the same
    # actions and, without that entry of the position's options, the digests recorded before
    # (aedd0778..., f543d6d6..., 3c3adff3..., b94293a7..., and 0dbf7bfe... below)
    (
        "five-seals",
        2,
        21,
        False,
    ): "ac27d04637f8f970b92abba3545a21e7cecb478e35b5f56b30059e3de66a9227",
    (
        "five-seals",
        3,
        22,
        False,
    ): "b36d849ccfa1fa28f94a6a6ee1f56f7cc8445afa2f20008259a98631d259268f",
    (
        "five-seals",
        4,
        23,
        False,
    ): "c3abc0f7f1e50bee124b527cbeb455756c3485bac7007ccd5841f77cf21d9705",
    ("five-seals", 2, 24, True): "c285844117407384b4d26e70e7fcb72e810c51424d3b290268178ca89a7bfdee",
    # F.A.T.A.L.'s position gained ruling 31's count (idle_turns, turn_changed) and its options
    # idle_round: the same actions and, without those three entries, the digests recorded
    # before (85214c72..., 3b5dd547..., 57f04ba8...)
    ("fatal", 3, 31, False): "3079897e1eaa4218f44b1945e17bac50a8a4e9d1541346d32c5e9751ec50af53",
    ("fatal", 4, 32, True): "3b229530301717a1cf9ac11491b042e31c4ff6b1eb092d90db9cd0dcb3a97eb7",
    ("fatal", 5, 33, False): "2d12f34818c2dcfb53552cc5dd978f8281612b1bf3883c6fd4d26580b735d1d5",
    # recorded before the games moved onto core's shared blocks (issue 21)
    ("ciub", 3, 15, True): "c6daa59b59e2f4c9fdf617d90c9f31353bcbcadaf10b04f0c51c605b43ff671d",
    (
        "five-seals",
        5,
        25,
        True,
    ): "1492c1c5739e8fd2c65d1d045fd37ca0af7276a9f65682629eef93bd50037ae1",
    ("runika", 1, 40, False): "51ba1ff3bc8c04a88a1ce7f3f4e8d46a61e1eb7b327570d1ac442e007de206d4",
    ("runika", 2, 41, False): "f670fbc9f7c761148617e5a51be45fe20b93a090faed8435901420dc01ff98f6",
    ("runika", 3, 42, True): "bbc0e0d7d83104d7f9889eae8b48771cc9bffe7be696c5447f7895b579396cc5",
}


def digest(name: str, players: int, seed: int, heuristic: bool) -> str:
    """sha256 of the action list and the final position of one seeded game."""
    game = registry.make(name, players)
    bots: list[Bot] = []
    for seat in range(players):
        bot = game.heuristic_bot(seed * 10 + seat) if heuristic else None
        bots.append(bot if bot is not None else RandomBot(seed * 10 + seat))
    result = play_game(game, bots, seed)
    assert result.record is not None
    state = result.record.replay()
    doc = {"actions": [list(a) for a in result.record.actions], "position": state.to_json()}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("case", sorted(RECORDED))
def test_identical_game_records(case: tuple[str, int, int, bool]) -> None:
    assert digest(*case) == RECORDED[case]


if __name__ == "__main__":
    for case in RECORDED:
        print(f"    {case!r}: {digest(*case)!r},")
