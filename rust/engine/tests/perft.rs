//! Perft: the Rust engine's legal-play generation against the counts the pure-Python
//! reference engine wrote to `tests/data/hearts.perft` (docs/rules/hearts.md ..A-17).

mod common;

use common::{assert_perft_counts, perft_cases, perft_dealer, perft_hands};
use hearts_engine::hearts::{rules_from_text, HandDirection, HeartsState};
use hearts_engine::CardSet;

#[test]
fn perft_matches_reference_table() {
    for (line, parts) in perft_cases(include_str!("data/hearts.perft"), 4) {
        let rules = rules_from_text(parts[0]).expect("rules");
        let dealer = perft_dealer(parts[1]);
        let hands: Vec<CardSet> = perft_hands(parts[2])
            .into_iter()
            .map(|h| h.into_iter().collect())
            .collect();
        let state =
            HeartsState::from_deal(&rules, &hands, dealer, 0, HandDirection::Hold).expect("deal");
        assert_perft_counts(&state, parts[3], line);
    }
}
