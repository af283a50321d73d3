//! OpenSpiel's Hearts information-state tensor (layout `"openspiel"`, docs/environments.md,
//! docs/openspiel-layout.md): element for element the tensor of OpenSpiel's `hearts` game
//! (default parameters) under the `openspiel` preset.
//!
//! OpenSpiel numbers a card `rank * 4 + suit` (clubs, diamonds, hearts, spades; 2 low), where
//! our id is `suit * 13 + rank`; its players are our seats unchanged (the dealer plays no part:
//! the holder of 2♣ leads); its pass direction `d` (0 hold, 1 left, 2 across, 3 right) sends
//! each player's cards to player `p + d`, which is our seat offset of the hand's direction.

use super::rules::{HeartsPreset, HeartsRules};
use super::state::Phase;
use super::tensor::HeartsView;
use crate::core::{Card, CardSet};

const PLAYERS: usize = 4;
const CARDS: usize = 52;
const TRICKS: usize = 13;
/// OpenSpiel's `kMaxScore`: the thermometer of one player's points (points + 10).
const MAX_SCORE: usize = 36;
/// Added to the points before the thermometer (OpenSpiel's `|kPointsForJD|`).
const POINTS_OFFSET: usize = 10;
/// The points of a hand: every heart and Q♠.
const TOTAL_POINTS: u32 = 26;
/// One trick of the history: seven 52-card slots, players N E S W N E S.
const TRICK_SIZE: usize = 7 * CARDS;

/// Offset of the pass direction (4: hold, left, across, right).
pub const PASS_DIRECTION: usize = 0;
/// Offset of the hand as dealt (52).
pub const DEALT: usize = PASS_DIRECTION + PLAYERS;
/// Offset of the cards passed (52).
pub const PASSED: usize = DEALT + CARDS;
/// Offset of the cards received (52).
pub const RECEIVED: usize = PASSED + CARDS;
/// Offset of the hand now (52).
pub const HAND: usize = RECEIVED + CARDS;
/// Offset of the points, a thermometer of 36 per player (144).
pub const POINTS: usize = HAND + CARDS;
/// Offset of the trick history, 13 tricks of 7 × 52 (4732).
pub const TRICK_HISTORY: usize = POINTS + PLAYERS * MAX_SCORE;

/// The length of OpenSpiel's Hearts information-state tensor.
pub const INFO_STATE_SIZE: usize = TRICK_HISTORY + TRICKS * TRICK_SIZE;

/// OpenSpiel's number of a card (`rank * 4 + suit`), `None` for a joker.
#[inline]
pub fn card_index(card: Card) -> Option<usize> {
    (!card.is_joker()).then(|| usize::from(card.rank().index()) * 4 + card.suit() as usize)
}

/// Sets `out[base + card_index(c)]` for every card of `cards`.
#[inline]
fn write_cards(out: &mut [f32], base: usize, cards: CardSet) -> Result<(), String> {
    for c in cards {
        let i = card_index(c).ok_or_else(|| format!("card {c} is not in OpenSpiel's deck"))?;
        out[base + i] = 1.0;
    }
    Ok(())
}

/// Why `view` cannot be encoded in OpenSpiel's layout, if it cannot.
fn check(view: &HeartsView<'_>, out: &[f32]) -> Result<(), String> {
    if *view.rules != HeartsRules::preset(HeartsPreset::OpenSpiel) {
        return Err(
            "the openspiel layout of Hearts needs the rules of the \"openspiel\" preset \
                    (HeartsRules.preset(\"openspiel\")) with no parameter changed: OpenSpiel's \
                    tensor describes only that game"
                .into(),
        );
    }
    if out.len() != INFO_STATE_SIZE {
        return Err(format!(
            "the openspiel Hearts tensor has {INFO_STATE_SIZE} elements, the buffer {}",
            out.len()
        ));
    }
    if usize::from(view.seat) >= PLAYERS {
        return Err(format!("seat {} is not at a 4-player table", view.seat));
    }
    if view.plays.len() > CARDS {
        return Err(format!(
            "{} cards played, more than a hand holds",
            view.plays.len()
        ));
    }
    if let Some(&(p, _)) = view.plays.iter().find(|&&(p, _)| usize::from(p) >= PLAYERS) {
        return Err(format!(
            "a card is played by seat {p}, not at a 4-player table"
        ));
    }
    Ok(())
}

/// Writes OpenSpiel's information-state tensor of `view` into `out` (`INFO_STATE_SIZE`
/// long). Refused when the rules are not those OpenSpiel plays (the `openspiel` preset).
///
/// A pass made one card at a time (`view.selected`) counts as passed so far, as OpenSpiel
/// passes card by card.
pub fn info_state_tensor(view: &HeartsView<'_>, out: &mut [f32]) -> Result<(), String> {
    check(view, out)?;
    out.fill(0.0);
    // Pass direction: OpenSpiel's number is the seat offset (hold 0, left 1, across 2,
    // right 3).
    out[PASS_DIRECTION + usize::from(view.rules.offset(view.direction))] = 1.0;
    write_cards(out, DEALT, view.dealt)?;
    let passed = view.passed | view.selected;
    write_cards(out, PASSED, passed)?;
    // OpenSpiel shows the cards received once every pass is made, as the view does.
    write_cards(out, RECEIVED, view.received)?;
    // OpenSpiel takes each card out of the hand as it is passed.
    let hand = if view.phase == Phase::Pass {
        view.hand - passed
    } else {
        view.hand
    };
    write_cards(out, HAND, hand)?;
    // Points: a thermometer of points + 10. At the end of the hand OpenSpiel has applied the
    // moon: the shooter 0, every other player 26.
    let shooter = if view.phase == Phase::Over {
        (0..PLAYERS).find(|&i| view.points[i] == TOTAL_POINTS)
    } else {
        None
    };
    for i in 0..PLAYERS {
        let points = match shooter {
            Some(s) if s == i => 0,
            Some(_) => TOTAL_POINTS,
            None => view.points[i],
        };
        let len = (points as usize + POINTS_OFFSET).min(MAX_SCORE);
        out[POINTS + i * MAX_SCORE..][..len].fill(1.0);
    }
    // Tricks: trick t's card j (from its leader) goes to slot leader + j of N E S W N E S.
    for (t, trick) in view.plays.chunks(PLAYERS).enumerate() {
        let leader = usize::from(trick[0].0);
        let base = TRICK_HISTORY + t * TRICK_SIZE;
        for (j, &(_, c)) in trick.iter().enumerate() {
            let i = card_index(c).ok_or_else(|| format!("card {c} is not in OpenSpiel's deck"))?;
            out[base + (leader + j) * CARDS + i] = 1.0;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearts::{HandDirection, MAX_PLAYERS};

    fn card(s: &str) -> Card {
        let ranks = "23456789TJQKA";
        let suits = "CDHS";
        let b = s.as_bytes();
        let r = ranks.find(b[0] as char).unwrap() as u8;
        let su = suits.find(b[1] as char).unwrap() as u8;
        Card::try_new(su * 13 + r).unwrap()
    }

    fn set(cards: &[&str]) -> CardSet {
        cards.iter().map(|s| card(s)).collect()
    }

    fn view<'a>(rules: &'a HeartsRules, plays: &'a [(u8, Card)]) -> HeartsView<'a> {
        HeartsView {
            rules,
            seat: 1,
            dealer: 0,
            direction: HandDirection::Right,
            phase: Phase::Play,
            to_move: Some(0),
            pass_count: 3,
            dealt: set(&["2C", "AS", "QH", "TD"]),
            hand: set(&["2C", "AS", "3H", "TD"]),
            selected: CardSet::EMPTY,
            passed: set(&["QH"]),
            passed_to: Some(0),
            received: set(&["3H"]),
            received_from: Some(2),
            decided: 0b1111,
            forwarded: 0,
            plays,
            played: crate::hearts::tensor::tally(plays, 4, 4).0,
            showed: crate::hearts::tensor::tally(plays, 4, 4).1,
            trick: {
                let mut t = crate::core::Trick::new();
                for &(p, c) in &plays[plays.len() / 4 * 4..] {
                    t.push(p, c);
                }
                t
            },
            points: [0; MAX_PLAYERS],
            tricks_taken: [0; MAX_PLAYERS],
            totals: &[],
            broken: false,
        }
    }

    fn ones(out: &[f32]) -> Vec<usize> {
        (0..out.len()).filter(|&i| out[i] != 0.0).collect()
    }

    #[test]
    fn size_is_openspiels() {
        assert_eq!(INFO_STATE_SIZE, 5088);
        assert_eq!(TRICK_HISTORY, 356);
    }

    #[test]
    fn card_numbering() {
        assert_eq!(card_index(card("2C")), Some(0));
        assert_eq!(card_index(card("2D")), Some(1));
        assert_eq!(card_index(card("3C")), Some(4));
        assert_eq!(card_index(card("QS")), Some(43));
        assert_eq!(card_index(card("AS")), Some(51));
        assert_eq!(card_index(Card::BIG_JOKER), None);
    }

    #[test]
    fn fields_and_tricks() {
        let rules = HeartsRules::preset(HeartsPreset::OpenSpiel);
        // Trick 1 led by seat 2: 2C(2) 3C(3) 4C(0) 5C(1); trick 2 led by seat 1: TD.
        let plays = [
            (2, card("2C")),
            (3, card("3C")),
            (0, card("4C")),
            (1, card("5C")),
            (1, card("TD")),
        ];
        let mut v = view(&rules, &plays);
        v.points[1] = 2;
        let mut out = vec![7.0; INFO_STATE_SIZE];
        info_state_tensor(&v, &mut out).unwrap();
        let mut want = vec![3]; // right
        for c in ["2C", "TD", "QH", "AS"] {
            want.push(DEALT + card_index(card(c)).unwrap());
        }
        want.push(PASSED + card_index(card("QH")).unwrap());
        want.push(RECEIVED + card_index(card("3H")).unwrap());
        for c in ["2C", "3H", "TD", "AS"] {
            want.push(HAND + card_index(card(c)).unwrap());
        }
        for (p, n) in [(0, 10), (1, 12), (2, 10), (3, 10)] {
            want.extend((0..n).map(|j| POINTS + p * MAX_SCORE + j));
        }
        for (slot, c) in [(2, "2C"), (3, "3C"), (4, "4C"), (5, "5C")] {
            want.push(TRICK_HISTORY + slot * CARDS + card_index(card(c)).unwrap());
        }
        want.push(TRICK_HISTORY + TRICK_SIZE + CARDS + card_index(card("TD")).unwrap());
        want.sort_unstable();
        assert_eq!(ones(&out), want);
    }

    #[test]
    fn selected_cards_leave_the_hand_in_the_pass_phase() {
        let rules = HeartsRules::preset(HeartsPreset::OpenSpiel);
        let mut v = view(&rules, &[]);
        v.phase = Phase::Pass;
        v.hand = v.dealt;
        v.passed = CardSet::EMPTY;
        v.received = CardSet::EMPTY;
        v.selected = set(&["AS"]);
        let mut out = vec![0.0; INFO_STATE_SIZE];
        info_state_tensor(&v, &mut out).unwrap();
        let a = card_index(card("AS")).unwrap();
        let set = ones(&out);
        assert!(set.contains(&(PASSED + a)));
        assert!(!set.contains(&(HAND + a)));
        assert!(set.contains(&(HAND + card_index(card("QH")).unwrap())));
    }

    #[test]
    fn moon_at_the_end() {
        let rules = HeartsRules::preset(HeartsPreset::OpenSpiel);
        let mut v = view(&rules, &[]);
        v.phase = Phase::Over;
        v.points = [0, 0, 26, 0, 0, 0, 0];
        let mut out = vec![0.0; INFO_STATE_SIZE];
        info_state_tensor(&v, &mut out).unwrap();
        let sums: Vec<f32> = (0..4)
            .map(|p| out[POINTS + p * MAX_SCORE..][..MAX_SCORE].iter().sum())
            .collect();
        assert_eq!(sums, [36.0, 36.0, 10.0, 36.0]);
        // Before the end 26 points are only points.
        v.phase = Phase::Play;
        info_state_tensor(&v, &mut out).unwrap();
        let set = ones(&out);
        assert!(set.contains(&(POINTS + 2 * MAX_SCORE + 35)));
        assert!(!set.contains(&(POINTS + MAX_SCORE + 10)));
    }

    #[test]
    fn refuses_other_rules_and_sizes() {
        let rules = HeartsRules::default();
        let mut out = vec![0.0; INFO_STATE_SIZE];
        let e = info_state_tensor(&view(&rules, &[]), &mut out).unwrap_err();
        assert!(e.contains("\"openspiel\" preset"), "{e}");
        let rules = HeartsRules {
            can_lead_any_club: true,
            ..HeartsRules::preset(HeartsPreset::OpenSpiel)
        };
        assert!(info_state_tensor(&view(&rules, &[]), &mut out).is_err());
        let rules = HeartsRules::preset(HeartsPreset::OpenSpiel);
        let mut short = vec![0.0; 10];
        assert!(info_state_tensor(&view(&rules, &[]), &mut short).is_err());
        let mut v = view(&rules, &[]);
        v.seat = 4;
        assert!(info_state_tensor(&v, &mut out).is_err());
        let plays = [(9, card("2C"))];
        assert!(info_state_tensor(&view(&rules, &plays), &mut out).is_err());
    }
}
