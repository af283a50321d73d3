//! What every position play can reach satisfies (docs/rules/rummy.md C-2 … C-19): the text
//! readers check it after replaying a hand, and the property tests after every action. A
//! position that breaks one of these was not reached by the rules' moves.

use super::meld::{is_valid_meld, Multiset, QUEEN_OF_SPADES as QS};
use super::rules::StockExhausted;
use super::state::{lay_off_result, End, Phase, RummyState};

/// Why a position cannot be reached by play: the broken invariant, with its rule id.
#[derive(Clone, Debug, Eq, PartialEq, Hash, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// Refuses with `why` unless `ok`.
fn require(ok: bool, why: impl FnOnce() -> String) -> Result<(), PositionError> {
    if ok {
        Ok(())
    } else {
        Err(PositionError(why()))
    }
}

/// Checks that `s` is a position play can reach (the totals it starts from are the
/// constructors' and readers' to check):
/// - stock, pile, hands and melds hold the 108 cards exactly (C-2), every meld is valid
///   (C-6 … C-8) and a seat has melds exactly when it has opened (C-11);
/// - turns go clockwise from the dealer's left (C-3) and never pass the turn cap;
/// - every seat holds (in hand and melds) at least the cards it was dealt, exactly those
///   before its first turn, and the player to move one more once he has drawn (C-10, C-16);
/// - a hand is empty only for the player who went out, on a card other than Q♠ (C-18), which
///   ends the hand; a hand ends with nobody out only at the turn cap or on an empty stock
///   that cannot be rebuilt (C-19), and a draw phase has a stock to draw from;
/// - a blocked player holds the lone Q♠ his melds cannot take, plus the card he drew in
///   his discard phase (C-17);
/// - the player to move can still discard (C-15, C-16) and has a legal action.
pub fn check_position(s: &RummyState) -> Result<(), PositionError> {
    let r = s.rules();
    let p = usize::from(r.players);
    require(
        s.dealer() < r.players && s.current_raw() < r.players,
        || format!("dealer and player to move must be seats 0..{p}"),
    )?;
    conserved(s)?;
    for (seat, melds) in s.melds().iter().enumerate() {
        if let Some(m) = melds.iter().find(|m| !is_valid_meld(r, m)) {
            return Err(PositionError(format!(
                "seat {seat}'s meld {m:?} is not a valid meld (C-6 … C-8)"
            )));
        }
        require(melds.is_empty() != s.opened()[seat], || {
            format!("seat {seat} has melds exactly when it has opened (C-11)")
        })?;
    }
    turn_order(s)?;
    card_counts(s)?;
    end_of_hand(s)?;
    for seat in (0..p).filter(|&seat| s.blocked()[seat]) {
        blocked(s, seat)?;
    }
    if s.is_over() {
        return Ok(());
    }
    let hand = &s.hands()[usize::from(s.current_raw())];
    let (_, _, exception, _) = s.flags();
    let queens = usize::from(hand.count(QS));
    require(
        s.phase() == Phase::Draw || hand.len() > queens || (exception && hand.len() >= 2),
        || "the player to move must keep a legal discard: a card other than Q♠ (C-15, C-16)".into(),
    )?;
    require(!s.legal_actions().is_empty(), || {
        format!(
            "the player to move has no legal action in the {} phase",
            s.phase().name()
        )
    })
}

/// C-2: stock + pile + hands + melds = the 108-card deck.
fn conserved(s: &RummyState) -> Result<(), PositionError> {
    let mut cards: Vec<u8> = s.stock();
    cards.extend_from_slice(s.pile());
    for h in s.hands() {
        cards.extend(h.to_vec());
    }
    cards.extend(s.melds().iter().flatten().flatten());
    let all = Multiset::within_deck(&cards).map_err(|(id, n)| {
        PositionError(format!(
            "card {id} is {n} times in stock, pile, hands and melds: more than the 108-card \
             deck holds (C-2)"
        ))
    })?;
    require(all == Multiset::deck(), || {
        format!(
            "stock, pile, hands and melds hold {} cards, not the 108-card deck (C-2)",
            cards.len()
        )
    })
}

/// C-3: the player to move is the one `turn` seats after the dealer's left, or once over
/// the one whose turn ended the hand; the turn cap is never passed.
fn turn_order(s: &RummyState) -> Result<(), PositionError> {
    let r = s.rules();
    let players = u64::from(r.players);
    let seat_after = |k: u64| ((u64::from(s.dealer()) + k) % players) as u8;
    let turn = u64::from(s.turn());
    require(s.turn() <= r.max_turns_per_hand, || {
        format!(
            "turn {} is past max_turns_per_hand = {}",
            s.turn(),
            r.max_turns_per_hand
        )
    })?;
    let next = seat_after(turn + 1);
    let ok = if s.is_over() {
        s.current_raw() == next || (turn > 0 && s.current_raw() == seat_after(turn))
    } else {
        s.current_raw() == next && s.turn() < r.max_turns_per_hand
    };
    require(ok, || {
        format!(
            "after {} turns from dealer {} the player to move is seat {next} (C-3), not {}",
            s.turn(),
            s.dealer(),
            s.current_raw()
        )
    })
}

/// C-3, C-10, C-16: each turn adds a drawn card (or the pile) and removes one discard, so a
/// seat holds at least `hand_size` cards in hand and melds, exactly its dealt hand before
/// its first turn, and one more while it is between its draw and its discard.
fn card_counts(s: &RummyState) -> Result<(), PositionError> {
    let r = s.rules();
    let p = u64::from(r.players);
    let size = usize::from(r.hand_size);
    let mid_turn = matches!(s.phase(), Phase::Meld | Phase::Discard);
    for (seat, (hand, melds)) in s.hands().iter().zip(s.melds()).enumerate() {
        let held = hand.len() + melds.iter().map(Vec::len).sum::<usize>();
        let playing = mid_turn && usize::from(s.current_raw()) == seat;
        // The turn in which the seat plays first: its distance from the dealer's left.
        let first = (seat as u64 + p - u64::from(s.dealer()) - 1) % p;
        let (least, exact) = if playing {
            (size + 1, false)
        } else {
            (size, first >= u64::from(s.turn()))
        };
        require(held >= least && (!exact || held == least), || {
            format!(
                "seat {seat} holds {held} cards in hand and melds after {} turns; it was dealt \
                 hand_size = {size} (C-3, C-10, C-16)",
                s.turn()
            )
        })?;
    }
    Ok(())
}

/// C-18, C-19: how the hand ended, or that it has not.
fn end_of_hand(s: &RummyState) -> Result<(), PositionError> {
    let r = s.rules();
    let empty: Vec<usize> = (0..s.hands().len())
        .filter(|&seat| s.hands()[seat].is_empty())
        .collect();
    match s.went_out() {
        Some(w) => {
            require(
                s.is_over() && s.current_raw() == w && empty == [usize::from(w)],
                || {
                    format!(
                        "seat {w} went out: the hand is over, it was his turn and only his hand is \
                     empty (C-18)"
                    )
                },
            )?;
            require(s.pile().last().is_some_and(|&c| c != QS), || {
                "the going-out discard is on the pile and is not Q♠ (C-18)".into()
            })
        }
        None => {
            require(empty.is_empty(), || {
                format!("seat {empty:?} holds no card but nobody went out (C-15, C-18)")
            })?;
            let rebuilt = r.stock_exhausted == StockExhausted::Reshuffle && s.pile().len() > 1;
            if s.is_over() {
                require(
                    s.turn() >= r.max_turns_per_hand || (s.stock_size() == 0 && !rebuilt),
                    || {
                        format!(
                            "the hand is over with nobody out after {} turns, below \
                             max_turns_per_hand = {}, with {} stock cards and {} pile cards \
                             (C-19: only an empty stock that cannot be rebuilt ends it)",
                            s.turn(),
                            r.max_turns_per_hand,
                            s.stock_size(),
                            s.pile().len()
                        )
                    },
                )
            } else {
                require(s.phase() != Phase::Draw || s.stock_size() > 0, || {
                    "a draw phase starts with a stock to draw from (C-19)".into()
                })
            }
        }
    }
}

/// C-17: a blocked seat holds its lone Q♠ (and, in its discard phase, the card it drew),
/// and none of its melds takes a Q♠.
fn blocked(s: &RummyState, seat: usize) -> Result<(), PositionError> {
    let r = s.rules();
    let mut hand = s.hands()[seat];
    let (_, _, _, drawn) = s.flags();
    let discarding = !s.is_over() && usize::from(s.current_raw()) == seat;
    if discarding {
        require(s.phase() != Phase::Meld, || {
            format!("blocked seat {seat} never melds (C-17)")
        })?;
        if s.phase() == Phase::Discard {
            match drawn {
                Some(c) if hand.count(c) > 0 => hand.remove(c),
                _ => {
                    return Err(PositionError(format!(
                        "blocked seat {seat} must discard the card it drew (C-17)"
                    )))
                }
            }
        }
    }
    require(hand == Multiset::from_ids(&[QS]), || {
        format!("blocked seat {seat} holds exactly one Q♠ (C-17)")
    })?;
    let takes_queen = s.melds()[seat].iter().any(|m| {
        [End::Low, End::High, End::Set]
            .iter()
            .any(|&e| lay_off_result(r, m, QS, e).is_some())
    });
    require(!takes_queen, || {
        format!("blocked seat {seat} has a meld that takes the Q♠, so it is not blocked (C-17)")
    })
}
