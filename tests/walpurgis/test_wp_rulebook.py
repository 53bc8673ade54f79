"""Every numbered section of the rulebook (Ver. 2.01, ../shared/rulebooks/walpurgis.ja.txt) and its
scenario tests.

The issue asks for a scenario test per section and per worked example; the map below is that promise
written down, and the first test keeps it honest — renaming or deleting a listed test fails here instead
of silently leaving a section uncovered. Readings of ambiguous passages are in engine/walpurgis/RULES.md.
"""

import importlib

from engine.walpurgis import GAME, board

SECTIONS: dict[str, list[str]] = {
    "1.1 プレイヤー (two players)": ["test_wp_rulebook::test_the_game_is_for_two_players"],
    "1.2 デッキ (≤60, ≤4 per name; stricter and unlimited options)": [
        "test_wp_cards::test_a_deck_of_more_than_60_cards_is_refused",
        "test_wp_cards::test_more_than_four_of_one_name_is_refused_naming_the_card",
        "test_wp_cards::test_basic_shot_variants_are_different_names_and_do_not_share_the_limit",
        "test_wp_cards::test_the_lobby_limit_may_be_stricter_or_absent",
        "test_wp_setup::test_a_deck_code_breaking_the_lobbys_copy_limit_is_refused_with_the_reason",
    ],
    "1.3 フィールド (5×5 field, deck, danmaku and discard piles)": [
        "test_wp_views::test_each_seat_sees_what_the_rules_let_it_see",
        "test_wp_rulebook::test_squares_are_named_row_then_column",
    ],
    "2.1 全てのマスが陣で埋まった場合": [
        "test_wp_end::test_a_chain_that_ends_with_every_square_holding_a_jin_ends_the_game_more_jin_wins",
        "test_wp_end::test_the_player_completing_the_field_may_still_lose_on_the_count",
        "test_wp_end::test_a_face_down_placement_filling_the_field_ends_nothing_until_a_chain_ends",
        "test_wp_end::test_the_comparison_goes_jin_then_face_up_jin_then_deck",
    ],
    "2.2.1 必須行動ができない場合": [
        "test_wp_setup::test_a_player_who_cannot_place_a_basic_shot_loses",
        "test_wp_turn::test_prepare_with_an_empty_deck_loses_but_a_recovered_card_is_drawn_first",
    ],
    "2.2.2 投了": ["test_wp_end::test_resigning_loses_at_once"],
    "3. カードの説明 (name, caster, icon, matrices, sub-effect; 通常弾)": [
        "test_wp_cards::test_the_edition_has_three_characters_and_forty_or_more_cards_with_the_required_keywords",
        "test_wp_cards::test_every_card_has_both_languages_and_a_matrix_with_its_centre",
        "test_wp_cards::test_basic_shots_are_the_collective_tsujodan_with_a_caster_each",
        "test_wp_cards::test_a_malformed_edition_is_refused_naming_the_field",
        "test_wp_views::test_the_view_carries_the_printed_card_for_every_card_it_names",
    ],
    "4.1 戦闘フィールド (five card states)": ["test_wp_views::test_states_and_orientations_are_named_in_the_view"],
    "4.1.1 弾幕": [
        "test_wp_activation::test_case_4_danmaku_do_not_satisfy_the_condition",
        "test_wp_activation::test_case_7_a_square_with_only_danmaku_of_either_player_takes_a_card",
        "test_wp_chain::test_interception_alternates_until_one_side_declines",
        "test_wp_views::test_each_seat_sees_what_the_rules_let_it_see",
    ],
    "4.1.2 裏向き、縦向きの陣 (active)": [
        "test_wp_activation::test_case_2_an_own_face_down_jin_upright_or_sideways_counts_as_every_icon",
        "test_wp_activation::test_case_3_a_square_holding_a_jin_takes_no_card_from_hand_but_its_own_active_card_may_activate",
        "test_wp_views::test_each_seat_sees_what_the_rules_let_it_see",
    ],
    "4.1.3 裏向き、横向きの陣 (dormant)": [
        "test_wp_activation::test_case_3_a_square_holding_a_jin_takes_no_card_from_hand_but_its_own_active_card_may_activate",
        "test_wp_views::test_each_seat_sees_what_the_rules_let_it_see",
    ],
    "4.1.4 表向き、縦向きの陣": ["test_wp_activation::test_case_1_an_own_same_icon_jin_one_square_away_allows_a_face_up_placement"],
    "4.1.5 表向き、横向きの陣 (activated)": [
        "test_wp_chain::test_a_effects_turn_activated_cards_upright_and_persist_may_stay_sideways",
        "test_wp_turn::test_activated_cards_turn_upright_at_the_end_phase_and_their_a_effect_is_optional",
    ],
    "4.1.6 空白のマス": ["test_wp_setup::test_the_second_player_draws_one_then_places_on_any_other_empty_square_and_turn_1_begins"],
    "4.2 山札置き場": ["test_wp_views::test_each_seat_sees_what_the_rules_let_it_see", "test_wp_views::test_a_resampled_world_keeps_every_view_and_changes_what_is_hidden"],
    "4.3 捨て札置き場": ["test_wp_views::test_each_seat_sees_what_the_rules_let_it_see"],
    "4.4 弾幕置き場": [
        "test_wp_views::test_each_seat_sees_what_the_rules_let_it_see",
        "test_wp_processing::test_keeping_the_jin_sends_the_danmaku_to_the_danmaku_pile",
    ],
    "5. ゲームの開始前 ①–⑥": [
        "test_wp_setup::test_a_basic_shot_is_set_aside_then_five_cards_are_drawn",
        "test_wp_setup::test_the_first_player_is_random_by_default_or_chosen",
        "test_wp_setup::test_both_mulligan_at_once_any_number_to_the_bottom_and_redraw_then_the_aside_card_joins_six",
        "test_wp_setup::test_decks_are_chosen_privately_at_once_and_a_deck_code_may_be_typed",
    ],
    "6.1 先攻プレイヤーの初期配置 (and the 3c tournament option)": [
        "test_wp_setup::test_the_first_player_places_a_basic_shot_face_up_on_any_square",
        "test_wp_setup::test_the_tournament_option_forbids_3c_for_the_first_player",
    ],
    "6.2 後攻プレイヤーの初期配置": ["test_wp_setup::test_the_second_player_draws_one_then_places_on_any_other_empty_square_and_turn_1_begins"],
    "6.3 マスの名称": ["test_wp_rulebook::test_squares_are_named_row_then_column"],
    "7. ゲームの流れ (prepare, main, end in turn)": ["test_wp_rulebook::test_players_alternate_prepare_main_end"],
    "7.1.1 陣の活性化": [
        "test_wp_turn::test_prepare_wakes_the_only_dormant_jin_recovers_one_danmaku_and_draws",
        "test_wp_turn::test_prepare_asks_which_dormant_jin_to_wake_when_there_are_several",
    ],
    "7.1.2 山札回復": ["test_wp_turn::test_prepare_wakes_the_only_dormant_jin_recovers_one_danmaku_and_draws"],
    "7.1.3 ドロー": ["test_wp_turn::test_prepare_with_an_empty_deck_loses_but_a_recovered_card_is_drawn_first"],
    "7.2 通常フェイズ (once each, any order, pass)": ["test_wp_turn::test_main_places_once_and_activates_once_in_any_order"],
    "7.2.1 陣の配置": [
        "test_wp_activation::test_a_face_down_placement_needs_no_condition_but_a_square_without_a_jin",
        "test_wp_activation::test_case_1_an_own_same_icon_jin_one_square_away_allows_a_face_up_placement",
        "test_wp_turn::test_placing_draws_nothing_at_the_end_of_the_main_phase",
    ],
    "7.2.2 陣の発動": ["test_wp_activation::test_case_3_a_square_holding_a_jin_takes_no_card_from_hand_but_its_own_active_card_may_activate"],
    "7.2.3 山札から2ドロー": [
        "test_wp_turn::test_ending_the_main_phase_without_placing_or_activating_draws_two",
        "test_wp_turn::test_drawing_two_from_an_empty_deck_is_no_loss",
    ],
    "7.3.1 不発弾の処理": ["test_wp_turn::test_unfired_danmaku_go_to_the_danmaku_pile_at_the_end_phase_without_becoming_jin"],
    "7.3.2 発動中の陣の処理": [
        "test_wp_turn::test_activated_cards_turn_upright_at_the_end_phase_and_their_a_effect_is_optional",
        "test_wp_turn::test_end_phase_uprighting_alternates_from_the_turn_player",
        "test_wp_chain::test_a_persisting_card_destroys_again_in_the_next_chain_and_turns_upright_at_the_end_phase",
    ],
    "7.3.3 手札枚数の調整": ["test_wp_turn::test_the_hand_limit_discards_down_to_six_of_the_players_choice"],
    "7.3.4 ターン終了時の処理": ["test_wp_turn::test_turn_end_effects_of_the_turn_players_face_up_jin_apply"],
    "8.1 発動条件": [
        "test_wp_activation::test_the_matrix_is_read_from_the_owners_side_so_the_second_seat_sees_it_mirrored",
        "test_wp_activation::test_an_activation_square_off_the_field_fails_the_condition",
        "test_wp_activation::test_a_face_up_support_jin_counts_as_every_icon",
        "test_wp_activation::test_case_2_an_own_face_down_jin_upright_or_sideways_counts_as_every_icon",
    ],
    "8.2 発動判定 (the seven placement cases of 通常弾(レミリア))": [
        "test_wp_activation::test_case_1_an_own_same_icon_jin_one_square_away_allows_a_face_up_placement",
        "test_wp_activation::test_case_2_an_own_face_down_jin_upright_or_sideways_counts_as_every_icon",
        "test_wp_activation::test_case_3_a_square_holding_a_jin_takes_no_card_from_hand_but_its_own_active_card_may_activate",
        "test_wp_activation::test_case_4_danmaku_do_not_satisfy_the_condition",
        "test_wp_activation::test_case_5_the_opponents_jin_does_not_satisfy_the_condition",
        "test_wp_activation::test_case_6_an_own_jin_with_another_icon_does_not_satisfy_the_condition",
        "test_wp_activation::test_case_7_a_square_with_only_danmaku_of_either_player_takes_a_card",
        "test_wp_activation::test_the_activation_check_repeats_the_cards_own_condition",
    ],
    "8.3 連鎖 (①–⑨ in order)": ["test_wp_rulebook::test_a_chain_runs_its_steps_in_order"],
    "8.3.1 速射の解決": [
        "test_wp_chain::test_rapid_fire_places_face_down_danmaku_on_any_of_its_squares_first",
        "test_wp_chain::test_rapid_destruction_squares_resolve_at_destruction",
    ],
    "8.3.2 B効果の解決": ["test_wp_chain::test_b_effects_resolve_after_rapid_fire_and_before_the_danmaku"],
    "8.3.3 弾幕の配置": ["test_wp_chain::test_placing_no_danmaku_is_legal_and_leaves_no_square_to_intercept"],
    "8.3.4 迎撃の確認 (alternating)": [
        "test_wp_chain::test_interception_alternates_until_one_side_declines",
        "test_wp_chain::test_interception_is_checked_against_the_last_card_only",
    ],
    "8.3.5 D効果の解決": ["test_wp_chain::test_d_effects_resolve_alternately_from_the_turn_player_each_choosing_their_order"],
    "8.3.6 弾幕処理 (every square at once)": ["test_wp_processing::test_every_square_with_two_or_more_cards_is_processed_and_single_cards_are_left"],
    "8.3.6.1 片方のプレイヤーのカードしかない場合 (the three-way example)": [
        "test_wp_processing::test_one_owner_keeps_one_card_of_their_choice",
        "test_wp_processing::test_keeping_the_jin_sends_the_danmaku_to_the_danmaku_pile",
        "test_wp_processing::test_keeping_a_face_down_danmaku_makes_it_a_dormant_jin_and_discards_the_jin",
        "test_wp_processing::test_keeping_a_face_up_danmaku_makes_it_a_face_up_upright_jin",
        "test_wp_processing::test_a_choice_between_alike_cards_is_made_for_the_owner",
    ],
    "8.3.6.2 複数のプレイヤーのカードがある場合 (the example)": [
        "test_wp_processing::test_rulebook_example_two_owners_strip_at_once_until_one_has_nothing",
        "test_wp_processing::test_the_other_order_of_the_example_ends_the_same",
        "test_wp_processing::test_both_players_answer_at_once_and_neither_sees_the_others_answer",
        "test_wp_processing::test_stripping_a_face_down_jin_discards_it",
        "test_wp_processing::test_a_never_face_down_jin_may_be_chosen_and_stays_face_up",
        "test_wp_processing::test_after_the_stripping_the_survivors_cards_are_processed_as_one_owners",
    ],
    "8.3.7 破壊処理": [
        "test_wp_chain::test_destruction_discards_the_opponents_jin_on_the_destruction_squares_of_activated_cards",
        "test_wp_chain::test_reckless_destruction_hits_its_owners_cards_too",
        "test_wp_chain::test_an_activated_card_stripped_in_processing_destroys_nothing",
        "test_wp_chain::test_a_card_activated_without_the_activation_check_has_no_destruction_squares",
    ],
    "8.3.8 A効果の解決 (and 持続)": [
        "test_wp_chain::test_a_effects_turn_activated_cards_upright_and_persist_may_stay_sideways",
        "test_wp_chain::test_a_persisting_card_destroys_again_in_the_next_chain_and_turns_upright_at_the_end_phase",
    ],
    "8.3.9 連鎖終了": ["test_wp_chain::test_chain_end_effects_resolve_for_cards_of_this_chain"],
    "8.4 迎撃条件 (the example)": [
        "test_wp_chain::test_interception_example_no_overlap_no_interception",
        "test_wp_chain::test_interception_example_overlapping_the_placed_danmaku_allows_a_placement_or_a_flip",
        "test_wp_chain::test_placing_no_danmaku_is_legal_and_leaves_no_square_to_intercept",
        "test_wp_chain::test_an_activated_card_stripped_in_processing_destroys_nothing",
        "test_wp_chain::test_an_interception_reaching_only_through_its_danmaku_squares_may_still_place_none",
    ],
    "9. キーワード能力 (速射, 持続, サポート, 裏向きにならない, 自分のカードも破壊)": [
        "test_wp_chain::test_rapid_fire_places_face_down_danmaku_on_any_of_its_squares_first",
        "test_wp_chain::test_a_effects_turn_activated_cards_upright_and_persist_may_stay_sideways",
        "test_wp_activation::test_a_face_up_support_jin_counts_as_every_icon",
        "test_wp_processing::test_a_never_face_down_jin_may_be_chosen_and_stays_face_up",
        "test_wp_chain::test_reckless_destruction_hits_its_owners_cards_too",
    ],
}


def test_every_section_names_tests_that_exist() -> None:
    for section, tests in SECTIONS.items():
        assert tests, section
        for name in tests:
            module, function = name.split("::")
            loaded = importlib.import_module(f"tests.walpurgis.{module}")
            assert callable(getattr(loaded, function, None)), f"{section}: {name} is missing"


def test_the_game_is_for_two_players() -> None:
    assert GAME.player_counts == (2,)


def test_squares_are_named_row_then_column() -> None:
    assert board.name(0) == "1a" and board.name(24) == "5e"
    assert board.parse_square("3c") == 12 and board.parse_square("2d") == 8 and board.parse_square("d2") == 8
    assert board.parse_square("6a") is None and board.parse_square("zz") is None


def test_players_alternate_prepare_main_end() -> None:
    from engine.walpurgis.scenario import build, play

    state = build(stage="prepare", decks={0: ["R01x5"], 1: ["S01x5"]})
    assert state["stage"] == "main" and state["hand"][0] == ["R01"]
    state, events = play(state, (0, "end"))
    kinds = [event.data.get("kind") for event in events]
    assert kinds.index("draw") < kinds.index("turn")
    assert state["turn"] == 1 and state["stage"] == "main" and state["hand"][1] == ["S01"]


def test_a_chain_runs_its_steps_in_order() -> None:
    from engine.walpurgis.scenario import build, play

    state = build(field={"2c": ["0:M12:up"], "5c": ["1:S01:act"], "4c": ["1:S01:up"]}, hands={0: ["M03"]}, decks={0: ["M00x9"]})
    seen = []
    state, _ = play(state, (0, "place M03 3c up"))
    seen.append(state["chain"]["step"])
    state, _ = play(state, (0, "fire 4c"))
    seen.append(state["chain"]["step"])
    state, _ = play(state, (0, "fire 4d"))
    seen.append(state["chain"]["step"])
    state, events = play(state, (1, "pass"))
    kinds = [event.data.get("kind") for event in events if event.data.get("kind")]
    assert seen == ["rapid", "barrage", "intercept"]
    assert kinds.index("strip") < kinds.index("destroy") < kinds.index("upright") < kinds.index("chain_end")
