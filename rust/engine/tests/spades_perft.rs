//! Spades perft: the Rust engine's legal-play generation against the counts the pure-Python
//! reference engine wrote to `tests/data/spades.perft` (B-10..B-16 and B.3 of
//! docs/rules/spades.md: following suit, breaking spades, the first lead, jokers). The file
//! format is described in the repository's `tests/perft_table.py`.

use hearts_engine::perft::perft;
use hearts_engine::spades::{Deal, SpadesRules, SpadesState};
use hearts_engine::Card;

#[test]
fn spades_perft_matches_reference_table() {
    let data = include_str!("data/spades.perft");
    let mut cases = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 5, "{line}");
        let rules = SpadesRules::from_text(parts[0]).expect("rules");
        rules.validate().expect("valid rules");
        let dealer: u8 = parts[1]
            .trim_start_matches("dealer=")
            .parse()
            .expect("dealer");
        let mut deal: Deal = [[0; 13]; 4];
        for (seat, hand) in parts[2].split('/').enumerate() {
            let cards: Vec<u8> = hand
                .split_whitespace()
                .map(|c| c.parse::<Card>().expect("card").id())
                .collect();
            deal[seat].copy_from_slice(&cards);
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
        for (i, want) in parts[4].split_whitespace().enumerate() {
            let want: u64 = want.parse().expect("count");
            let depth = i as u32 + 1;
            assert_eq!(perft(&state, depth), want, "depth {depth} of {line}");
        }
        cases += 1;
    }
    assert!(cases >= 10, "the table has {cases} cases");
}
