//! perft: the number of legal play sequences to a depth, the engine's move-generation
//! checksum (as in chess engines), for any [`TrickTaking`] hand. The reference tables in
//! `tests/data/` come from the pure-Python reference engine.

use crate::core::TrickTaking;

/// Legal play sequences of length `depth` from `state` (a hand that is over, or not in its
/// play phase, counts as one sequence: it cannot be extended).
///
/// ```
/// use hearts_engine::{Rng, perft::perft, hearts::{HeartsRules, HeartsState, PassDirection}};
/// let rules = HeartsRules { pass_direction: PassDirection::Hold, ..Default::default() };
/// let s = HeartsState::deal(&rules, 0, 0, &mut Rng::new(1));
/// assert_eq!(perft(&s, 1), u64::from(s.legal_plays().count()));
/// ```
pub fn perft<G: TrickTaking>(state: &G, depth: u32) -> u64 {
    if depth == 0 || state.to_play().is_none() {
        return 1;
    }
    let legal = state.legal_plays();
    if depth == 1 {
        return u64::from(legal.count());
    }
    let mut total = 0;
    legal.for_each(|c| {
        let mut next = state.clone();
        next.play_unchecked(c);
        total += perft(&next, depth - 1);
    });
    total
}
