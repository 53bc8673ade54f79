"""Counted medals read right in English: one medal is "1 medal", as the income of a buyer shows."""

from engine.wallofwar import GAME
from tests.test_texts import english_texts


def test_a_single_medal_reads_in_the_singular() -> None:
    texts = english_texts(GAME, 3, 0)
    assert any("takes 1 medal from the ATM." in text for text in texts)
    assert not any("1 medals" in text or "medal(s)" in text for text in texts)
