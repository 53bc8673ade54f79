"""Board geometry and hex labels (reference: Board)."""

from engine.warchest.board import BOARDS, axial_label, distance


def test_board_sizes_match_the_reference():
    assert len(BOARDS[4].labels) == 47
    assert len(BOARDS[2].labels) == 37
    assert all(abs(q) <= 3 for q, _ in BOARDS[2].coords.values())


def test_same_hex_has_the_same_label_on_both_boards():
    for label, xy in BOARDS[2].coords.items():
        assert BOARDS[4].coords[label] == xy


def test_labels_are_column_letter_and_position_from_the_top():
    assert axial_label(0, 0) == "F4"
    assert axial_label(0, -3) == "F1" and axial_label(0, 3) == "F7"
    assert axial_label(-5, 2) == "A1" and axial_label(5, -2) == "K2"
    assert BOARDS[2].labels[0] == "C1"


def test_locations_and_starts():
    assert BOARDS[2].starts == (("E1", "H1"), ("D5", "G6"))
    assert BOARDS[4].starts == (("E1", "H1", "B1"), ("D5", "G6", "J3"))
    assert len(BOARDS[2].locations) == 10 and len(BOARDS[4].locations) == 14
    assert BOARDS[4].locations - BOARDS[2].locations == {"A2", "B1", "J3", "K1"}


def test_layout_is_point_symmetric():
    board = BOARDS[4]
    by_coord = {xy: label for label, xy in board.coords.items()}
    mirrored = {by_coord[(-q, -r)] for q, r in (board.coords[h] for h in board.locations)}
    assert mirrored == board.locations
    assert {by_coord[(-q, -r)] for q, r in (board.coords[h] for h in board.starts[0])} == set(board.starts[1])


def test_neighbours_ring_and_rays():
    board = BOARDS[2]
    assert len(board.neighbours["F4"]) == 6
    assert len(board.neighbours["C1"]) == 3
    assert len(board.ring2["F4"]) == 12
    assert all(distance(board.coords["F4"], board.coords[h]) == 2 for h in board.ring2["F4"])
    assert board.rays["F4"][0] == ("F3", "F2", "F1")
    assert "F4" not in board.within2["F4"] and len(board.within2["F4"]) == 18
