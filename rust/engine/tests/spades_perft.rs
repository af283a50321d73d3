//! Spades perft: the Rust engine's legal-play generation against the counts the pure-Python
//! reference engine wrote to `tests/data/spades.perft` (B-10..B-16 and B.3 of
//! docs/rules/spades.md: following suit, breaking spades, the first lead, jokers). The file
//! format is described in the repository's `tests/perft_table.py`.

mod common;

use common::{assert_perft_counts, perft_cases, perft_dealer, perft_hands};
use hearts_engine::spades::{Deal, SpadesRules, SpadesState};
use hearts_engine::Card;

#[test]
fn spades_perft_matches_reference_table() {
    for (line, parts) in perft_cases(include_str!("data/spades.perft"), 5) {
        let rules = SpadesRules::from_text(parts[0]).expect("rules");
        rules.validate().expect("valid rules");
        let dealer = perft_dealer(parts[1]);
        let mut deal: Deal = [[0; 13]; 4];
        for (seat, hand) in perft_hands(parts[2]).into_iter().enumerate() {
            let ids: Vec<u8> = hand.into_iter().map(Card::id).collect();
            deal[seat].copy_from_slice(&ids);
        }
        let bids: Vec<u8> = parts[3]
            .split_whitespace()
            .map(|b| {
                if b == "nil" {
                    0
                } else {
                    b.parse().expect("bid")
                }
            })
            .collect();
        let mut state = SpadesState::new(&rules, deal, dealer, 0, [0, 0], [0, 0]);
        while let (Some(seat), hearts_engine::spades::Phase::Bid) =
            (state.current_player(), state.phase())
        {
            state
                .try_bid(bids[usize::from(seat)], false, None)
                .expect("legal bid");
        }
        assert_perft_counts(&state, parts[4], line);
    }
}
