"""Every paragraph of the rulebook (v2.1, ../shared/rulebooks/wunderkammer.ja.txt) and its scenario tests.

The issue asks for one scenario test per rule paragraph; the map below is that promise written down, and
the first test keeps it honest — renaming or deleting a listed test fails here instead of silently
leaving a paragraph uncovered. The whole-turn test covers 手番 (the six steps in order), which no single
step's module can.
"""

import importlib

from engine.wunderkammer.game import GAME
from engine.wunderkammer.scenario import build, legal, play

PARAGRAPHS: dict[str, list[str]] = {
    "用具 (components)": [
        "test_wk_cards::test_kinds_2_3_4_are_the_starting_kinds_with_18_cards_the_others_6",
        "test_wk_cards::test_nine_characters_with_four_items_and_one_ability_1_to_4_at_play",
        "test_wk_play::test_the_joker_plays_as_the_lines_item_and_goes_back_at_set",
    ],
    "ゲームの目的 (most valuable collection wins)": ["test_wk_end::test_most_points_wins"],
    "アイテム (a mark and a number 1–9)": ["test_wk_cards::test_sixteen_kinds_each_a_mark_and_a_number"],
    "キャラクター (4 items and an ability)": [
        "test_wk_cards::test_nine_characters_with_four_items_and_one_ability_1_to_4_at_play",
        "test_wk_put_character::test_take_a_character_from_the_common_field_with_its_four_items_on_your_lines",
    ],
    "準備・共通の場 (16 kinds × 6, 9 characters)": [
        "test_wk_setup::test_common_field_holds_six_of_every_kind_and_the_nine_characters",
    ],
    "準備・プレイヤー (3 each of 2/3/4, reveal 4, draw 4, a joker, rest to the box)": [
        "test_wk_setup::test_each_player_gets_three_each_of_2_3_4_reveals_four_draws_four_keeps_a_joker",
        "test_wk_setup::test_the_rest_goes_back_to_the_box",
    ],
    "シンプルプレイのススメ (simple play)": [
        "test_wk_setup::test_simple_play_is_a_lobby_option",
        "test_wk_abilities::test_simple_play_keeps_the_play_abilities_and_ignores_the_others",
    ],
    "ゲームの流れ (start player, clockwise)": [
        "test_wk_setup::test_the_start_player_is_random_by_default_and_can_be_chosen",
        "test_wk_end::test_turns_go_clockwise_from_the_start_player",
    ],
    "ゲームの流れ (the end at 8/10/12 gone, after that turn)": [
        "test_wk_end::test_scoring_follows_the_turn_in_which_enough_kinds_and_characters_left_the_field",
    ],
    "手番 (six steps in order)": ["test_wk_rulebook::test_a_turn_runs_its_six_steps_in_order"],
    "1. プレイ (one play per line, same item, joker, several cards)": [
        "test_wk_play::test_a_different_item_cannot_go_onto_a_line_holding_an_item",
        "test_wk_play::test_any_item_may_go_onto_an_empty_line_unless_it_already_has_a_line",
        "test_wk_play::test_several_cards_of_the_item_go_onto_one_line_in_one_play",
        "test_wk_play::test_the_joker_plays_as_the_lines_item_and_goes_back_at_set",
        "test_wk_play::test_the_joker_may_go_onto_an_empty_line_as_any_item_no_other_line_holds",
        "test_wk_play::test_a_character_played_by_its_ability_may_go_onto_an_empty_line_too",
        "test_wk_play::test_playing_nothing_is_the_skip_of_the_play_step",
    ],
    "1. プレイ (trashing before and after playing)": [
        "test_wk_play::test_line_and_hand_cards_may_be_trashed_before_and_after_playing",
        "test_wk_play::test_trashing_a_line_empties_it_for_another_item",
    ],
    "2. テイク・アイテム (the sum, this turn's cards not counted)": [
        "test_wk_take::test_the_sum_counts_cards_already_on_the_lines_played_to_not_this_turns",
        "test_wk_take::test_only_affordable_items_are_offered",
        "test_wk_take::test_the_taken_item_goes_to_the_trash_and_only_one_is_taken",
        "test_wk_take::test_playing_onto_an_empty_line_adds_nothing",
        "test_wk_take::test_the_joker_makes_a_line_count_without_a_matching_card",
    ],
    "3. セット (played cards join, joker and characters go back)": [
        "test_wk_play::test_set_adds_played_cards_to_their_lines",
        "test_wk_put_character::test_a_benched_character_can_be_played_by_its_ability_and_comes_back",
    ],
    "4. プット (once, one card, face down; owner sees it)": [
        "test_wk_put_character::test_one_put_per_turn_of_one_card",
        "test_wk_put_character::test_put_cards_are_seen_by_the_bench_owner_only",
        "test_wk_views::test_put_cards_seen_by_a_former_owner_stay_known_to_them_only",
    ],
    "4. プット (at most 1 point per character per kind)": [
        "test_wk_end::test_a_put_item_gains_a_point_at_most_once_per_character_even_if_printed",
    ],
    "5. テイク・キャラクター (4 items on your lines; from a bench unless its owner has them too)": [
        "test_wk_put_character::test_take_a_character_from_the_common_field_with_its_four_items_on_your_lines",
        "test_wk_put_character::test_three_of_four_items_are_not_enough",
        "test_wk_put_character::test_take_a_character_from_another_bench_with_its_put_cards",
        "test_wk_put_character::test_a_character_cannot_be_taken_from_a_bench_whose_owner_also_has_its_four_items",
    ],
    "5. テイク・キャラクター (abilities at their timings)": [
        "test_wk_abilities::test_antiquarian_plays_as_one_of_its_own_items",
        "test_wk_abilities::test_sailor_adds_three_to_the_sum",
        "test_wk_abilities::test_alchemist_puts_twice_a_turn",
        "test_wk_abilities::test_librarian_reveals_five",
        "test_wk_end::test_patron_scores_two_points_per_bench_character",
    ],
    "6. シャッフル・アンド・ドロー (everything incl. the deck reshuffled, reveal 4, draw to 4)": [
        "test_wk_refill::test_shuffle_and_draw_gathers_every_card_of_the_player_including_the_deck",
        "test_wk_refill::test_shuffling_fewer_than_eight_cards_stops_the_draw_when_the_deck_is_empty",
    ],
    "6. シャッフル・アンド・ドロー (only draw; a full hand trashes first; an empty deck stops)": [
        "test_wk_refill::test_only_draw_while_the_deck_lasts",
        "test_wk_refill::test_with_four_in_hand_at_least_one_goes_to_the_trash_before_drawing",
        "test_wk_refill::test_an_empty_deck_stops_the_draw",
        "test_wk_refill::test_an_empty_deck_allows_only_shuffle_and_draw_and_that_is_public",
    ],
    "得点計算 (every card in deck, trash, hand, lines; 1 point per character per kind; 0 if none)": [
        "test_wk_end::test_every_card_in_deck_trash_hand_and_lines_scores_put_cards_do_not",
        "test_wk_end::test_each_benched_character_gives_one_point_to_each_of_its_items",
        "test_wk_end::test_two_characters_favouring_an_item_make_it_worth_two",
        "test_wk_end::test_an_item_nobody_favours_is_worth_nothing_and_field_characters_give_nothing",
        "test_wk_end::test_tie_break_more_characters_then_shared_victory",
    ],
}


def test_every_rulebook_paragraph_has_a_scenario_test():
    for paragraph, tests in PARAGRAPHS.items():
        assert tests, paragraph
        for entry in tests:
            module, _, name = entry.partition("::")
            found = importlib.import_module(f"tests.wunderkammer.{module}")
            assert callable(getattr(found, name, None)), f"{paragraph}: {entry} is gone"


def test_a_turn_runs_its_six_steps_in_order():
    """Play, take item, set, put, take character, then draw: each step opens only after the one before."""
    state = build(
        2,
        hands={0: ["S2", "D4", "H3", "HA"]},
        lines={0: ["S2x2", "H3", "SA", "HA"]},
        bench={0: ["c9"]},
        decks={0: ["S2x3"]},
    )
    state, _ = play(state, (0, "play:1:S2"))
    assert state["step"] == "play" and state["seats"][0]["lines"][0] == ["S2", "S2"], "not set yet"
    state, _ = play(state, (0, "done"))
    assert state["step"] == "take" and state["budget"] == 2
    state, _ = play(state, (0, "take:SA"))
    purse = state["seats"][0]
    assert purse["lines"][0] == ["S2"] * 3 and purse["trash"] == ["SA"], "set after take item"
    assert state["step"] == "put"
    state, _ = play(state, (0, "put"), (0, "put:c9:D4"))
    assert state["step"] == "char" and legal(state, 0) == {"char:c1", "skip"}
    state, _ = play(state, (0, "char:c1"))
    assert state["step"] == "refill" and state["owner"]["c1"] == 0
    state, _ = play(state, (0, "draw"))
    assert state["seats"][0]["hand"] == ["H3", "HA", "S2", "S2"]
    assert state["seat"] == 1 and state["step"] == "play" and GAME.pending(state)[0].seat == 1
