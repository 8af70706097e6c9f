"""Suite-wide settings: the quick and the full run, and under CI a skipped test is a failure.

The quick run. ``python -m pytest`` leaves out the tests marked ``slow`` (whole-game
property runs over every profile, fuzzers, the browser, builds): about a minute on two
cores, and every test module keeps quick tests. ``python -m pytest --full`` runs every
test, as CI does. A test is slow if it carries ``@pytest.mark.slow`` or is named in
`SLOW` below (kept here, in one place, from measured times; tests/test_tiers.py checks
each name still is a test). A test named on the command line (``file::test``) runs
whatever its tier; ``-m`` chooses by marker instead (``-m slow`` runs only the slow ones).

Tests of the optional extras (Ray, PettingZoo, OpenSpiel) and of the browser skip where
their packages or Chromium are absent, which is right on a user's machine but would hide a
broken install in CI. ``.ci/run`` sets ``PINOCHLE_CI=1`` and runs ``--full``; then the
run fails if any test was skipped, naming each one and its reason.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

FULL = "python -m pytest --full"
"""The command that runs every test (the README's and CI's)."""

SLOW: dict[str, tuple[str, ...]] = {
    "test_analysis_exact.py": ("test_solve_is_the_minimax_on_endings_of_up_to_five_cards",),
    "test_api_arguments.py": (
        "test_apply_refuses_anything_that_is_not_a_legal_action_and_keeps_the_state",
        "test_apply_refuses_values_that_are_no_action_in_every_phase_of_every_table",
        "test_parse_action_reads_an_action_or_raises_its_own_error",
    ),
    "test_arena.py": (
        "test_a_lost_worker_is_replaced_and_its_deals_are_counted_once",
        "test_ctrl_c_reports_the_deals_that_finished_and_exits_130",
        "test_ctrl_c_stops_the_worker_processes_too",
        "test_the_ladder_prints_the_bots_pages_table",
    ),
    "test_arena_ray.py": ("*",),  # every test: a Ray cluster takes 8 s to start
    "test_bid_cap.py": ("test_highest_meld_is_exact_on_small_hands",),
    "test_bid_choices.py": ("test_listed_bids_match_for_random_profiles",),
    "test_bots.py": (
        "test_expert_plays_only_legal_actions",
        "test_quick_play_outs_settle_as_the_engine_does",
        "test_seeded_bots_are_deterministic",
    ),
    "test_bots_bidding.py": ("test_every_decision_is_legal_at_every_table",),
    "test_bots_frozen.py": (
        "test_same_choice_as_the_frozen_copy",
        "test_the_default_expert_plays_its_decks_settings",
    ),
    "test_bots_play.py": ("test_always_a_legal_card_and_the_same_for_the_same_rng",),
    "test_bots_search.py": ("test_hard_play_outs_in_the_two_hand_stock_settle_their_own_meld",),
    "test_bots_stock_play.py": ("test_the_integer_stock_phase_settles_as_the_engine",),
    "test_check.py": ("test_every_builtin_profile_passes",),
    "test_demo.py": ("test_demo_runs_under_every_profile",),
    "test_engine_games.py": ("test_game_is_identical",),
    "test_engine_properties.py": (
        "test_cards_are_conserved",
        "test_illegal_actions_are_rejected_and_change_nothing",
        "test_legal_actions_are_distinct_and_accepted",
        "test_observations_do_not_depend_on_other_hands",
        "test_observations_show_no_hidden_card",
        "test_records_replay_to_equal_states",
    ),
    "test_engine_rules.py": ("test_a_played_hand_counts_and_settles_by_the_rules",),
    "test_env_actions.py": ("test_mask_decode_encode_agree_over_random_games",),
    "test_env_encoding.py": ("test_blocks_hold_what_the_observation_says",),
    "test_env_pettingzoo.py": (
        "test_pettingzoo_api_test_passes",
        "test_pettingzoo_seed_test_passes",
    ),
    "test_examples.py": (
        "test_example_runs",
        "test_the_house_rules_test_example_holds",
    ),
    "test_explain.py": (
        "test_every_decision_of_seeded_games",
        "test_the_sentence_agrees_with_the_legal_actions",
    ),
    "test_legality.py": (
        "test_engine_plays_follow_the_rules_text",
        "test_engine_plays_follow_the_rules_text_under_every_play_rule",
        "test_legal_plays_follow_the_rules_text",
    ),
    "test_meld.py": (
        "test_adding_a_card_never_lowers_the_meld",
        "test_items_add_up_and_use_each_card_once_per_type",
        "test_matches_the_brute_force_reference",
        "test_meld_totals_are_the_brute_force_totals_for_every_trump",
        "test_tens_is_ten_times_ones",
    ),
    "test_misdeal.py": ("test_random_houses_with_the_new_keys_keep_every_invariant",),
    "test_openspiel.py": (
        "test_an_openspiel_bot_plays_in_the_arena_the_same_in_process_and_in_a_pool",
        "test_ismcts_plays_a_whole_hand",
        "test_random_house_profiles_pass_openspiels_checks",
        "test_random_sim_test_passes_for_every_built_in_profile",
    ),
    "test_profiles.py": ("test_house_file_extends_a_profile_and_changes_one_key",),
    "test_records.py": (
        "test_a_record_replays_to_the_same_states",
        "test_any_edit_gives_a_record_or_a_record_error",
    ),
    "test_records_hostile.py": (
        "test_a_mutated_record_reads_and_replays_or_raises_a_record_error",
        "test_any_document_is_a_record_or_a_record_error",
    ),
    "test_replay.py": (
        "test_a_closed_output_does_not_cut_the_record",
        "test_a_seat_sees_only_its_cards_and_public_ones",
        "test_narration_depends_on_the_states_only",
    ),
    "test_sampling.py": (
        "test_knowledge_does_not_depend_on_what_was_asked_before",
        "test_knowledge_is_sound_against_the_true_deal",
        "test_sampled_worlds_are_indistinguishable_and_playable",
    ),
    "test_scoring.py": (
        "test_a_failed_bid_costs_exactly_the_penalty",
        "test_a_made_bid_never_lowers_the_bidders_score",
        "test_chip_games_are_zero_sum",
        "test_defenders_score_depends_on_the_bid_only_through_the_set_rule",
        "test_every_possible_hand_settles",
        "test_min_trick_points_a_short_side_never_scores_its_meld_or_points",
        "test_no_winner_below_the_target_unless_the_floor_was_hit",
        "test_tens_scale_scores_are_multiples_of_ten",
    ),
    "test_serve.py": (
        "test_a_whole_two_person_game_over_http_shows_no_seat_a_hidden_card",
        "test_any_text_is_applied_only_if_legal",
        "test_every_built_in_profile_is_served_without_a_leak",
        "test_simultaneous_requests_to_one_game_apply_one_action",
        "test_the_command_serves_keeps_games_and_stops_on_ctrl_c",
    ),
    "test_serve_correction.py": ("test_random_play_with_reneges_corrections_and_stands",),
    "test_serve_browser.py": (
        "test_a_whole_game_in_the_browser",
        "test_two_people_get_a_cover_screen_and_never_the_others_cards",
    ),
    "test_sheet.py": (
        "test_a_large_sheet_loads_with_every_hand",
        "test_every_strict_bid_is_a_lenient_bid",
        "test_json_round_trip",
        "test_totals_are_the_start_plus_every_hand",
        "test_undo_after_record_is_the_same_sheet",
    ),
    "test_sheet_documents.py": (
        "test_fuzz_json_values",
        "test_fuzz_mutations_of_a_valid_sheet",
    ),
    "test_sheet_files.py": (
        "test_concurrent_score_new_creates_one_sheet",
        "test_concurrent_writer_processes_lose_no_hand",
    ),
    "test_stock.py": ("test_every_option_is_legal_for_physical_cards",),
    "test_svg.py": (
        "test_a_picture_holds_nothing_the_seat_may_not_know",
        "test_a_table_renders_to_a_picture_in_chromium",
        "test_a_table_shows_every_card_the_seat_may_see_and_no_other",
    ),
    "test_table_sizes_properties.py": (
        "test_cards_are_conserved",
        "test_illegal_actions_are_rejected_and_change_nothing",
        "test_legal_actions_are_distinct_and_accepted",
        "test_observations_along_a_whole_game",
        "test_observations_show_no_hidden_card",
        "test_records_replay_to_equal_states",
    ),
    "test_two_hand_variants.py": ("test_every_bot_level_plays_a_hand_under_both_keys",),
    "test_values_cross_boundaries.py": (
        "test_a_copied_state_plays_on_to_the_same_end",
        "test_every_other_value_survives_copies",
        "test_observations_survive_every_copy_and_sample_alike",
        "test_random_games_survive_copies",
        "test_states_survive_every_copy_at_every_decision",
    ),
    "test_variant.py": (
        "test_any_junk_gives_variant_error_or_a_valid_profile",
        "test_random_valid_profile_loads_dumps_and_reloads_equal",
    ),
    "test_variant_hardening.py": (
        "test_a_huge_number_in_any_key_is_a_clean_error",
        "test_a_thousand_file_extends_chain_is_capped",
    ),
    "test_variant_properties.py": (
        "test_a_file_of_any_bytes_is_refused_or_plays",
        "test_a_house_profile_is_refused_or_plays",
        "test_a_mutated_builtin_profile_is_refused_or_plays",
    ),
    "test_wire.py": (
        "test_an_observation_json_holds_nothing_the_seat_may_not_know",
        "test_any_mutation_reads_or_raises_a_wire_error",
        "test_every_document_the_library_writes_validates",
        "test_observations_states_and_results_round_trip_in_every_phase",
        "test_random_games_round_trip",
        "test_the_shipped_schemas_are_what_the_code_builds",
    ),
}
"""Test functions (every parametrization) left out of the quick run, by test file ("*": all).

Chosen from measured times (``--durations=0``): each of these took a second or more in
all on a busy two-core machine; together they are nine tenths of the full run.
"""

_skipped: list[str] = []
_left_out: list[pytest.Item] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--full``: run the slow tests too."""
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="run every test, the slow ones too (CI's run); without it, the quick run",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Under ``PINOCHLE_CI=1`` every test must run, so the quick run is refused."""
    if os.environ.get("PINOCHLE_CI") and not config.getoption("full"):
        raise pytest.UsageError(f"PINOCHLE_CI=1 runs every test: use {FULL}")


def _named(config: pytest.Config) -> list[str]:
    """The tests named on the command line (``file::test``), as node ids."""
    named = []
    for arg in config.args:
        path, sep, rest = arg.partition("::")
        if sep:
            where = Path(config.invocation_params.dir, path).resolve()
            try:
                path = where.relative_to(config.rootpath).as_posix()
            except ValueError:
                continue
            named.append(f"{path}::{rest}")
    return named


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of `SLOW`; in the quick run, leave out the slow ones."""
    for item in items:
        names = SLOW.get(item.path.name, ())
        if "*" in names or getattr(item, "originalname", item.name) in names:
            item.add_marker(pytest.mark.slow)
    if config.getoption("full") or config.option.markexpr:
        return
    named = _named(config)
    keep = []
    for item in items:
        slow = item.get_closest_marker("slow") is not None
        if slow and not any(item.nodeid.startswith(n) for n in named):
            _left_out.append(item)
        else:
            keep.append(item)
    if _left_out:
        config.hook.pytest_deselected(items=list(_left_out))
        items[:] = keep


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note every skipped test (the skip may come from setup, as `importorskip` in a fixture)."""
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skipped.append(f"{report.nodeid}: {reason}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under ``PINOCHLE_CI=1``, turn a green run with skips into a failure."""
    if os.environ.get("PINOCHLE_CI") and _skipped:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say what the run left out: slow tests, browser tests without a browser, CI's skips."""
    browser = [line for line in _skipped if ": browser:" in line]
    if browser:
        terminalreporter.write_line(
            f"{len(browser)} browser test{'' if len(browser) == 1 else 's'} skipped:"
            " they need Chromium and chromedriver"
            " (Debian: apt-get install chromium chromium-driver)",
            yellow=True,
        )
    if _left_out:
        tests = "test" if len(_left_out) == 1 else "tests"
        terminalreporter.write_line(
            f"quick run: {len(_left_out)} slow {tests} left out; every test: {FULL}", yellow=True
        )
    if os.environ.get("PINOCHLE_CI") and _skipped:
        terminalreporter.section("skipped under PINOCHLE_CI=1: every test must run in CI")
        for line in _skipped:
            terminalreporter.line(line)
