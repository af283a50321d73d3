//! Perft: the Rust engine's legal-play generation against the counts the pure-Python
//! reference engine wrote to `tests/data/hearts.perft` (docs/rules/hearts.md ..A-17).

use hearts_engine::hearts::{rules_from_text, HandDirection, HeartsState};
use hearts_engine::perft::perft;
use hearts_engine::{Card, CardSet};

#[test]
fn perft_matches_reference_table() {
    let data = include_str!("data/hearts.perft");
    let mut cases = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 4, "{line}");
        let rules = rules_from_text(parts[0]).expect("rules");
        let dealer: u8 = parts[1]
            .trim_start_matches("dealer=")
            .parse()
            .expect("dealer");
        let hands: Vec<CardSet> = parts[2]
            .split('/')
            .map(|h| {
                h.split_whitespace()
                    .map(|c| c.parse::<Card>().expect("card"))
                    .collect()
            })
            .collect();
        let state =
            HeartsState::from_deal(&rules, &hands, dealer, 0, HandDirection::Hold).expect("deal");
        for (i, want) in parts[3].split_whitespace().enumerate() {
            let want: u64 = want.parse().expect("count");
            let depth = i as u32 + 1;
            assert_eq!(perft(&state, depth), want, "depth {depth} of {line}");
        }
        cases += 1;
    }
    assert!(cases >= 10, "the table has {cases} cases");
}
