//! Shared helpers of the integration tests: random rule sets (every docs/rules/hearts.md A.1/A.6
//! parameter drawn independently, then repaired into a valid combination; the Spades B.1
//! variant repair), random policies, card ids written out, and the perft tables of
//! `tests/data/`. Each test crate uses a part of them.
#![allow(dead_code)]

use hearts_engine::core::TrickTaking;
use hearts_engine::hearts::{
    ChipsEnd, DeckAdjust, FirstLead, HeartsRules, Moon, PassCount, PassDirection, Scoring,
};
use hearts_engine::perft::perft;
use hearts_engine::spades::{self, SpadesRules};
use hearts_engine::Tie;
use hearts_engine::{Card, Rng};

/// A fair coin.
pub fn coin(rng: &mut Rng) -> bool {
    rng.below(2) == 0
}

/// `None` half the time, else `Some(draw(rng))`.
pub fn maybe<T>(rng: &mut Rng, draw: impl FnOnce(&mut Rng) -> T) -> Option<T> {
    if coin(rng) {
        None
    } else {
        Some(draw(rng))
    }
}

/// A uniformly chosen element.
pub fn pick<T: Copy>(rng: &mut Rng, xs: &[T]) -> T {
    xs[rng.below(xs.len() as u32) as usize]
}

/// A seat's policies for batch case number `case`: every third case (1, 4, 7, …) a random
/// policy per seat from `all`, else `default` at every seat.
pub fn policies<P: Copy, const N: usize>(
    rng: &mut Rng,
    case: usize,
    all: &[P],
    default: P,
) -> [P; N] {
    let mut seats = [default; N];
    if case % 3 == 1 {
        for s in &mut seats {
            *s = pick(rng, all);
        }
    }
    seats
}

/// A random valid Hearts rule set.
pub fn random_rules(rng: &mut Rng) -> HeartsRules {
    let mut r = HeartsRules {
        players: 3 + rng.below(5) as u8,
        deck_adjust: pick(rng, DeckAdjust::ALL),
        pass_count: if coin(rng) {
            PassCount::Auto
        } else {
            PassCount::Fixed(rng.below(5) as u8)
        },
        pass_direction: pick(rng, PassDirection::ALL),
        pass_through: coin(rng),
        first_lead: pick(rng, FirstLead::ALL),
        first_trick_no_points: coin(rng),
        hearts_must_be_broken: coin(rng),
        queen_breaks_hearts: coin(rng),
        early_end: coin(rng),
        scoring: pick(rng, Scoring::ALL),
        moon: pick(rng, Moon::ALL),
        target: 1 + rng.below(80),
        starting_chips: 1 + rng.below(80),
        chips_end: ChipsEnd::Bust,
        french_spades: coin(rng),
        jack_of_diamonds: coin(rng),
        moon_requires_jack: coin(rng),
        tie: pick(rng, Tie::ALL),
        max_hands: maybe(rng, |rng| 1 + rng.below(6)),
        can_lead_hearts_instead_of_qs: coin(rng),
        avoid_all_tricks_bonus: pick(rng, &[0, 5]),
        ..HeartsRules::default()
    };
    if r.first_lead == FirstLead::TwoOfClubs && coin(rng) {
        r.can_lead_any_club = true;
    }
    if r.jack_of_diamonds && r.scoring == Scoring::Chips {
        r.scoring = Scoring::Positive;
    }
    r.validate().expect("valid random rules");
    r
}

/// Repairs a Spades rule set drawn parameter by parameter into a valid one: at most one of
/// mirror, fourteen_partnership and suicide (B.1), chosen by `variant` (1, 2, 3; else none);
/// suicide and blind nil need nil.
pub fn repair_spades(mut r: SpadesRules, variant: u32) -> SpadesRules {
    match variant {
        1 => r.mirror = true,
        2 => r.fourteen_partnership = true,
        3 => {
            r.suicide = true;
            r.nil = true;
        }
        _ => {}
    }
    if !r.nil {
        r.blind_nil = false;
    }
    r.validate().expect("repaired rules are valid");
    r
}

/// `"QS"` → 49, `"TH"` → 34 (`suit * 13 + rank`, clubs 0 … spades 3, rank 0 = "2" … 12 =
/// "A"); the jokers: `"LJ"` → 52, `"BJ"` → 53 (Spades), `"JK"` → 52 (rummy).
pub fn card_id(text: &str) -> u8 {
    match text {
        "LJ" | "JK" => 52,
        "BJ" => 53,
        _ => {
            let b = text.as_bytes();
            let rank = b"23456789TJQKA".iter().position(|&r| r == b[0]).unwrap();
            let suit = b"CDHS".iter().position(|&s| s == b[1]).unwrap();
            (suit * 13 + rank) as u8
        }
    }
}

/// The ids of the cards written in `text`, in the written order.
pub fn card_ids(text: &str) -> Vec<u8> {
    text.split_whitespace().map(card_id).collect()
}

/// The cases of a perft table of `tests/data/` (the format of the repository's
/// `tests/perft_table.py`): each line that is neither blank nor a `#` comment, with its
/// `fields` fields split at `|`. The table holds at least ten cases.
pub fn perft_cases(data: &str, fields: usize) -> Vec<(&str, Vec<&str>)> {
    let cases: Vec<(&str, Vec<&str>)> = data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), fields, "{line}");
            (line, parts)
        })
        .collect();
    assert!(cases.len() >= 10, "the table has {} cases", cases.len());
    cases
}

/// A perft table's `dealer=N` field.
pub fn perft_dealer(field: &str) -> u8 {
    field.trim_start_matches("dealer=").parse().expect("dealer")
}

/// A perft table's hands field: the seats' cards, seat 0 first, separated by `/`.
pub fn perft_hands(field: &str) -> Vec<Vec<Card>> {
    field
        .split('/')
        .map(|h| {
            h.split_whitespace()
                .map(|c| c.parse::<Card>().expect("card"))
                .collect()
        })
        .collect()
}

/// perft(`state`, d) for d = 1, 2, … equals the counts of the table's last field.
pub fn assert_perft_counts<G: TrickTaking>(state: &G, counts: &str, line: &str) {
    for (i, want) in counts.split_whitespace().enumerate() {
        let want: u64 = want.parse().expect("count");
        let depth = i as u32 + 1;
        assert_eq!(perft(state, depth), want, "depth {depth} of {line}");
    }
}

/// A random valid Spades rule set over every B.1 parameter.
pub fn random_spades_rules(rng: &mut Rng) -> SpadesRules {
    let r = SpadesRules {
        win_score: 1 + i64::from(rng.below(600)),
        lose_score: maybe(rng, |rng| -i64::from(rng.below(400))),
        negative_inverse_loses: coin(rng),
        nil: rng.below(4) != 0,
        nil_value: i64::from(rng.below(300)),
        blind_nil: coin(rng),
        blind_nil_value: i64::from(rng.below(300)),
        blind_nil_min_deficit: if coin(rng) {
            0
        } else {
            i64::from(rng.below(200))
        },
        nil_tricks: pick(rng, spades::NilTricks::ALL),
        set_penalty: pick(rng, spades::SetPenalty::ALL),
        bags: coin(rng),
        bags_limit: 1 + i64::from(rng.below(12)),
        bags_penalty: i64::from(rng.below(200)),
        first_trick_no_spade_lead: coin(rng),
        spades_broken: coin(rng),
        first_lead: pick(rng, spades::FirstLead::ALL),
        face_up_first_four: coin(rng),
        ten_for_two_hundred: coin(rng),
        jokers: coin(rng),
        boston: pick(rng, spades::Boston::ALL),
        bemo: coin(rng),
        deficient_hand: pick(rng, spades::DeficientHand::ALL),
        renege: pick(rng, spades::Renege::ALL),
        tie: pick(rng, Tie::ALL),
        max_hands: maybe(rng, |rng| 1 + rng.below(5)),
        team_bid_cap: coin(rng),
        ..SpadesRules::default()
    };
    repair_spades(r, rng.below(4))
}
