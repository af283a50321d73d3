//! OpenSpiel's Spades observation tensor (layout `"openspiel"`, docs/environments.md,
//! docs/openspiel-layout.md): element for element the tensor of OpenSpiel's `spades` game
//! (default parameters, `num_tricks=2`) under the `openspiel` preset.
//!
//! OpenSpiel's card number is our card id (`suit * 13 + rank`); its player 0 bids and leads
//! first, so our seat `s` is its player `(s + 3 - dealer) % 4` (the seat itself when the
//! dealer is 3); its bid `n` (0 = nil) is our bid of `n` tricks.

use super::rules::{SpadesPreset, SpadesRules};
use super::state::Phase;
use super::tensor::SpadesView;
use crate::core::Card;

const PLAYERS: usize = 4;
const CARDS: usize = 52;
/// Bids 0 (nil) to 13.
const BIDS: usize = 14;
const TRICKS: usize = 13;
/// Tricks the play-phase tensor shows: the one in progress and the one before it (OpenSpiel's
/// `num_tricks`, default 2).
const SHOWN_TRICKS: usize = 2;

/// Offset of the phase (2: bidding, play).
pub const PHASE: usize = 0;
/// Offset of the bids (4 players × 14), in both phases.
pub const BIDS_OFFSET: usize = PHASE + 2;
/// Offset of the seat's hand now (52), in both phases.
pub const HAND: usize = BIDS_OFFSET + PLAYERS * BIDS;
/// Offset of the trick in progress (4 relative seats × 52), once a card is played.
pub const CURRENT_TRICK: usize = HAND + CARDS;
/// Offset of the trick before it (4 relative seats × 52), once a card is played.
pub const PREVIOUS_TRICK: usize = CURRENT_TRICK + PLAYERS * CARDS;
/// Offset of the tricks taken (4 players × 13, one-hot), once a card is played.
pub const TRICKS_TAKEN: usize = CURRENT_TRICK + SHOWN_TRICKS * PLAYERS * CARDS;

/// The length of OpenSpiel's Spades observation tensor.
pub const OBSERVATION_SIZE: usize = TRICKS_TAKEN + PLAYERS * TRICKS;

/// OpenSpiel's number of a card (our id), `None` for a joker.
#[inline]
fn card_index(card: Card) -> Result<usize, String> {
    if card.is_joker() {
        Err(format!("card {card} is not in OpenSpiel's deck"))
    } else {
        Ok(usize::from(card.id()))
    }
}

/// Why `view` cannot be encoded in OpenSpiel's layout, if it cannot.
fn check(view: &SpadesView<'_>, out: &[f32]) -> Result<(), String> {
    if *view.rules != SpadesRules::preset(SpadesPreset::OpenSpiel) {
        return Err(
            "the openspiel layout of Spades needs the rules of the \"openspiel\" preset \
                    (SpadesRules.preset(\"openspiel\")) with no parameter changed: OpenSpiel's \
                    tensor describes only that game"
                .into(),
        );
    }
    if out.len() != OBSERVATION_SIZE {
        return Err(format!(
            "the openspiel Spades tensor has {OBSERVATION_SIZE} elements, the buffer {}",
            out.len()
        ));
    }
    if usize::from(view.seat) >= PLAYERS || usize::from(view.dealer) >= PLAYERS {
        return Err(format!(
            "seat {} and dealer {} must be seats 0 to 3",
            view.seat, view.dealer
        ));
    }
    if view.plays.len() > CARDS {
        return Err(format!(
            "{} cards played, more than a hand holds",
            view.plays.len()
        ));
    }
    if let Some(&(p, _)) = view.plays.iter().find(|&&(p, _)| usize::from(p) >= PLAYERS) {
        return Err(format!(
            "a card is played by seat {p}, not one of seats 0 to 3"
        ));
    }
    if let Some(b) = view
        .bids
        .iter()
        .flatten()
        .find(|b| usize::from(b.value) >= BIDS)
    {
        return Err(format!("a bid of {} tricks is more than 13", b.value));
    }
    Ok(())
}

/// Writes OpenSpiel's observation tensor of `view` into `out` (`OBSERVATION_SIZE` long).
/// Refused when the rules are not those OpenSpiel plays (the `openspiel` preset).
///
/// Two quirks of OpenSpiel are reproduced: until the first card is played the bidding layout
/// is kept (with the play phase marked once every bid is made), and at the end of the hand
/// OpenSpiel's phase number 3 sets element 2 (the first element of the bids), the trick in
/// progress is empty and the last trick is shown as the previous one. A player with 13 tricks
/// has no mark of his own (OpenSpiel writes it past his block).
pub fn observation_tensor(view: &SpadesView<'_>, out: &mut [f32]) -> Result<(), String> {
    check(view, out)?;
    out.fill(0.0);
    let seat = usize::from(view.seat);
    // OpenSpiel's player of each seat: its player 0 is the first to bid (dealer's left).
    let player = |s: usize| (s + PLAYERS - 1 - usize::from(view.dealer)) % PLAYERS;
    out[PHASE
        + match view.phase {
            Phase::Bid => 0,
            Phase::Play => 1,
            Phase::Over => 2,
        }] = 1.0;
    for (s, bid) in view.bids.iter().enumerate() {
        if let Some(b) = bid {
            out[BIDS_OFFSET + player(s) * BIDS + usize::from(b.value)] = 1.0;
        }
    }
    for c in view.hand {
        out[HAND + card_index(c)?] = 1.0;
    }
    let n = view.plays.len();
    if n == 0 {
        return Ok(());
    }
    // Tricks, by seat relative to the observer (0 = the observer, 1 = his left...).
    let mut trick = |base: usize, cards: &[(u8, Card)]| -> Result<(), String> {
        for &(p, c) in cards {
            let rel = (usize::from(p) + PLAYERS - seat) % PLAYERS;
            out[base + rel * CARDS + card_index(c)?] = 1.0;
        }
        Ok(())
    };
    let in_trick = n % PLAYERS;
    if view.phase != Phase::Over {
        trick(CURRENT_TRICK, &view.plays[n - in_trick..])?;
    }
    let done = n - in_trick;
    if done >= PLAYERS {
        trick(PREVIOUS_TRICK, &view.plays[done - PLAYERS..done])?;
    }
    for (s, &taken) in view.tricks_taken.iter().enumerate() {
        // 13 tricks: OpenSpiel's mark lands on the next player's "0" (already set, as he
        // took none) or past the tensor.
        if usize::from(taken) < TRICKS {
            out[TRICKS_TAKEN + player(s) * TRICKS + usize::from(taken)] = 1.0;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::CardSet;
    use crate::spades::state::Bid;

    fn bid(n: u8) -> Bid {
        Bid {
            value: n,
            nil: n == 0,
            ..Bid::default()
        }
    }

    fn c(id: u8) -> Card {
        Card::try_new(id).unwrap()
    }

    fn view<'a>(rules: &'a SpadesRules, plays: &'a [(u8, Card)]) -> SpadesView<'a> {
        SpadesView {
            rules,
            seat: 1,
            dealer: 3,
            phase: Phase::Bid,
            to_move: Some(2),
            hand: [c(0), c(13), c(51)].into_iter().collect(),
            face_up: [CardSet::EMPTY; 4],
            bids: [Some(bid(3)), Some(bid(0)), None, None],
            claimed: 0,
            plays,
            played: crate::spades::tensor::tally(plays).0,
            showed: crate::spades::tensor::tally(plays).1,
            trick: {
                let mut t = crate::core::Trick::new();
                for &(p, c) in &plays[plays.len() / 4 * 4..] {
                    t.push(p, c);
                }
                t
            },
            tricks_taken: [0; 4],
            totals: [0; 2],
            bags: [0; 2],
        }
    }

    fn ones(out: &[f32]) -> Vec<usize> {
        (0..out.len()).filter(|&i| out[i] != 0.0).collect()
    }

    #[test]
    fn size_is_openspiels() {
        assert_eq!(OBSERVATION_SIZE, 578);
        assert_eq!(TRICKS_TAKEN, 526);
    }

    #[test]
    fn bidding() {
        let rules = SpadesRules::preset(SpadesPreset::OpenSpiel);
        let mut out = vec![5.0; OBSERVATION_SIZE];
        observation_tensor(&view(&rules, &[]), &mut out).unwrap();
        assert_eq!(ones(&out), [0, 2 + 3, 2 + 14, 58, 58 + 13, 58 + 51]);
        // Dealer 0: seat 1 bids first and is OpenSpiel's player 0.
        let mut v = view(&rules, &[]);
        v.dealer = 0;
        observation_tensor(&v, &mut out).unwrap();
        assert_eq!(ones(&out), [0, 2, 2 + 3 * 14 + 3, 58, 58 + 13, 58 + 51]);
    }

    #[test]
    fn play_and_end() {
        let rules = SpadesRules::preset(SpadesPreset::OpenSpiel);
        let plays = [(0, c(5)), (1, c(0)), (2, c(7)), (3, c(9)), (3, c(20))];
        let mut v = view(&rules, &plays);
        v.phase = Phase::Play;
        v.bids = [Some(bid(3)), Some(bid(0)), Some(bid(4)), Some(bid(2))];
        v.tricks_taken = [0, 0, 0, 1];
        let mut out = vec![0.0; OBSERVATION_SIZE];
        observation_tensor(&v, &mut out).unwrap();
        let mut want = vec![
            1,
            2 + 3,
            2 + 14,
            2 + 28 + 4,
            2 + 42 + 2,
            58,
            58 + 13,
            58 + 51,
        ];
        want.push(CURRENT_TRICK + 2 * CARDS + 20); // seat 3 is the observer's 2nd on the left
        for (rel, id) in [(3, 5), (0, 0), (1, 7), (2, 9)] {
            want.push(PREVIOUS_TRICK + rel * CARDS + id);
        }
        for (p, t) in [(0, 0), (1, 0), (2, 0), (3, 1)] {
            want.push(TRICKS_TAKEN + p * TRICKS + t);
        }
        want.sort_unstable();
        assert_eq!(ones(&out), want);
        // The end: element 2 set, no trick in progress, 13 tricks unmarked.
        let plays = [(0, c(5)), (1, c(0)), (2, c(7)), (3, c(9))];
        let mut v = view(&rules, &plays);
        v.phase = Phase::Over;
        v.hand = CardSet::EMPTY;
        v.bids = [Some(bid(1)), Some(bid(0)), Some(bid(4)), Some(bid(2))];
        v.tricks_taken = [13, 0, 0, 0];
        observation_tensor(&v, &mut out).unwrap();
        let mut want = vec![2, 2 + 1, 2 + 14, 2 + 28 + 4, 2 + 42 + 2];
        for (rel, id) in [(3, 5), (0, 0), (1, 7), (2, 9)] {
            want.push(PREVIOUS_TRICK + rel * CARDS + id);
        }
        for p in 1..4 {
            want.push(TRICKS_TAKEN + p * TRICKS);
        }
        want.sort_unstable();
        assert_eq!(ones(&out), want);
    }

    #[test]
    fn refuses_other_rules_and_sizes() {
        let rules = SpadesRules::default();
        let mut out = vec![0.0; OBSERVATION_SIZE];
        let e = observation_tensor(&view(&rules, &[]), &mut out).unwrap_err();
        assert!(e.contains("\"openspiel\" preset"), "{e}");
        let rules = SpadesRules::preset(SpadesPreset::OpenSpiel);
        assert!(observation_tensor(&view(&rules, &[]), &mut [0.0; 3]).is_err());
        let mut v = view(&rules, &[]);
        v.dealer = 4;
        assert!(observation_tensor(&v, &mut out).is_err());
        let plays = [(7, c(0))];
        assert!(observation_tensor(&view(&rules, &plays), &mut out).is_err());
        let mut v = view(&rules, &[]);
        v.bids[2] = Some(bid(14));
        assert!(observation_tensor(&v, &mut out).is_err());
    }
}
