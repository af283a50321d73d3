//! In-engine rummy policies: `random` (uniform over the legal actions, in the engine's
//! order) and `greedy` (docs/rummy-api.md, Batch). Stepping a [`RummyState`] with
//! [`play_out`] makes exactly the choices (and random draws) the batch makes.

use super::meld::{card_usable, card_value, meld_value, usable_cards_with, Multiset, JOKER};
use super::rules::RummyRules;
use super::state::{Action, Phase, RummyState};
use crate::core::Rng;
use crate::option_enum;

option_enum! {
    /// A rummy policy.
    RummyPolicy { Random = "random", Greedy = "greedy" }
}

/// A hand not over whose player to move has no legal action. The engine never holds such
/// a position (every position it reaches has a legal action until the hand is over, a
/// property test checks it); a policy given one reports it instead of panicking or looping.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, thiserror::Error)]
#[error(
    "the player to move has no legal action in the {} phase although the hand is not over",
    .0.name()
)]
pub struct NoLegalAction(pub Phase);

/// The value of what an action puts on the table (melds, or the laid-off card).
fn placed_value(r: &RummyRules, a: &Action) -> i64 {
    match a {
        Action::TakePile(ms) | Action::Open(ms) => ms.iter().map(|m| meld_value(r, m)).sum(),
        Action::Meld(m) => meld_value(r, m),
        Action::LayOff(_, c, _) => card_value(r, *c),
        _ => 0,
    }
}

/// An upper bound on the value of any natural melds from `hand`: the C-5 values of every
/// card (with its copies) that some natural meld could use.
fn bound(r: &RummyRules, hand: &Multiset, usable: u64) -> i64 {
    (0..52u8)
        .filter(|&c| usable >> c & 1 != 0)
        .map(|c| i64::from(hand.count(c)) * card_value(r, c))
        .sum()
}

/// The greedy policy's action:
/// - draw phase: take the pile with the melds of most value when that value exceeds the
///   value of the other pile cards it brings into the hand, else draw;
/// - meld phase: open with the most valuable opening as soon as one is legal; once opened,
///   lay down the most valuable new meld, then lay off the most valuable card; then end;
/// - discard phase: the highest-value card (then the highest id) that is in no meld the
///   hand could form and fits none of the player's melds; if every card is usable, the
///   highest-value legal discard. Jokers count as usable.
///
/// `None` when the hand is over or there is no legal discard (never in a position the
/// engine reached).
pub fn greedy_action(s: &RummyState) -> Option<Action> {
    let r = s.rules();
    let p = usize::from(s.current_player().unwrap_or(0));
    // The most valuable action; on a tie the first in the sorted order of legal_actions()
    // (so the choice does not depend on the engine's enumeration order).
    let best = |acts: Vec<Action>| -> Option<Action> {
        let mut best: Option<(i64, Action)> = None;
        for a in acts {
            let v = placed_value(r, &a);
            let better = best
                .as_ref()
                .map_or(true, |(bv, b)| v > *bv || (v == *bv && a < *b));
            if better {
                best = Some((v, a));
            }
        }
        best.map(|(_, a)| a)
    };
    let action = match s.phase() {
        Phase::Over => return None,
        Phase::Draw => {
            if s.blocked()[p] {
                return Some(Action::Draw);
            }
            let pile = s.pile();
            // Exact shortcuts: no pickup is possible when the top card is in no meld of the
            // hand plus it, or (unopened) when all natural meld cards together cannot reach
            // the opening minimum.
            let Some(&top) = pile.last() else {
                return Some(Action::Draw);
            };
            let mut with_top = s.hands()[p];
            with_top.add(top);
            let opened = s.opened()[p];
            if top != JOKER && !card_usable(r, &with_top, opened, top) {
                return Some(Action::Draw);
            }
            if !opened
                && bound(r, &with_top, usable_cards_with(r, &with_top, false)) < r.opening_min
            {
                return Some(Action::Draw);
            }
            let inherited: i64 = pile[..pile.len().saturating_sub(1)]
                .iter()
                .map(|&c| card_value(r, c))
                .sum();
            let takes = s
                .take_pile_actions()
                .into_iter()
                .map(Action::TakePile)
                .collect();
            match best(takes) {
                Some(a) if placed_value(r, &a) > inherited => a,
                _ => Action::Draw,
            }
        }
        Phase::Meld => {
            let hand = &s.hands()[p];
            if !s.opened()[p] && bound(r, hand, usable_cards_with(r, hand, false)) < r.opening_min {
                return Some(Action::End); // no opening can reach the minimum
            }
            if s.opened()[p] {
                // No new meld (every meld has two usable naturals) and no lay-off: end.
                let jokers = !s.flags().0;
                let lay_off = s.melds()[p].iter().any(|m| {
                    let (cands, n) = super::lay_off_candidates(r, m);
                    cands[..n].iter().any(|&(c, e)| {
                        hand.count(c) > 0
                            && (c != JOKER || jokers)
                            && super::candidate_fits(r, m, c, e)
                    })
                });
                if !lay_off && usable_cards_with(r, hand, jokers) == 0 {
                    return Some(Action::End);
                }
            }
            let legal = s.legal_actions();
            let pick = |kind: fn(&Action) -> bool| {
                best(legal.iter().filter(|a| kind(a)).cloned().collect())
            };
            pick(|a| matches!(a, Action::Open(_)))
                .or_else(|| pick(|a| matches!(a, Action::Meld(_))))
                .or_else(|| pick(|a| matches!(a, Action::LayOff(..))))
                .unwrap_or(Action::End)
        }
        Phase::Discard => {
            let hand = &s.hands()[p];
            // Lay-off targets count as usable.
            let mut fits = 1u64 << JOKER;
            for m in &s.melds()[p] {
                let (cands, n) = super::lay_off_candidates(r, m);
                for &(c, e) in &cands[..n] {
                    if hand.count(c) > 0 && super::candidate_fits(r, m, c, e) {
                        fits |= 1 << c;
                    }
                }
            }
            // Legal discards from the highest (value, id) down: the first unusable one,
            // else the highest.
            let mut legal: Vec<(i64, u8)> = s
                .legal_actions()
                .iter()
                .filter_map(|a| match a {
                    Action::Discard(c) => Some((card_value(r, *c), *c)),
                    _ => None,
                })
                .collect();
            legal.sort_unstable_by(|a, b| b.cmp(a));
            let free = legal
                .iter()
                .map(|&(_, c)| c)
                .find(|&c| fits >> c & 1 == 0 && !card_usable(r, hand, true, c));
            Action::Discard(free.or_else(|| legal.first().map(|&(_, c)| c))?)
        }
    };
    Some(action)
}

/// The policy's action (the random policy: a uniform choice among the legal actions in
/// the engine's order); an error when the player to move has none (also once the hand is
/// over, which [`act`] checks first).
pub fn policy_action(
    policy: RummyPolicy,
    s: &RummyState,
    rng: &mut Rng,
) -> Result<Action, NoLegalAction> {
    let action = match policy {
        RummyPolicy::Random => {
            let mut legal = s.legal_actions();
            let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
            (n > 0).then(|| legal.swap_remove(rng.below(n) as usize))
        }
        RummyPolicy::Greedy => greedy_action(s),
    };
    action.ok_or(NoLegalAction(s.phase()))
}

/// Makes the next move of a hand with per-seat policies (one per seat); false once the
/// hand is over. Stepping a hand with it makes exactly the choices (and random draws) of
/// [`play_out`].
pub fn act(
    policies: &[RummyPolicy],
    s: &mut RummyState,
    rng: &mut Rng,
) -> Result<bool, NoLegalAction> {
    let Some(p) = s.current_player() else {
        return Ok(false);
    };
    let a = policy_action(policies[usize::from(p)], s, rng)?;
    s.apply_unchecked(&a);
    Ok(true)
}

/// Plays a hand to its end with per-seat policies (see [`act`]).
pub fn play_out(
    policies: &[RummyPolicy],
    s: &mut RummyState,
    rng: &mut Rng,
) -> Result<(), NoLegalAction> {
    while act(policies, s, rng)? {}
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::sim::batch_state;

    #[test]
    fn stepping_with_act_is_play_out() {
        let rules = RummyRules {
            players: 3,
            ..RummyRules::default()
        };
        let policies = [
            RummyPolicy::Greedy,
            RummyPolicy::Random,
            RummyPolicy::Greedy,
        ];
        let mut a = batch_state(&rules, 4, 2);
        let mut b = a.clone();
        let (mut ra, mut rb) = (Rng::new(8), Rng::new(8));
        let mut steps = 0;
        while act(&policies, &mut a, &mut ra).unwrap() {
            steps += 1;
        }
        play_out(&policies, &mut b, &mut rb).unwrap();
        assert_eq!(a, b);
        assert!(steps > 0);
        assert_eq!(act(&policies, &mut a, &mut ra), Ok(false));
        assert!(a.is_over());
        assert_eq!(
            a.totals_after(),
            a.hand_scores()
                .iter()
                .zip(a.totals())
                .map(|(h, t)| h + t)
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn sorted_legal_actions_are_the_legal_actions_in_order() {
        let rules = RummyRules::default();
        let mut s = batch_state(&rules, 1, 0);
        let mut rng = Rng::new(2);
        for _ in 0..60 {
            let sorted = s.sorted_legal_actions();
            assert!(sorted.windows(2).all(|w| w[0] <= w[1]));
            let mut legal = s.legal_actions();
            legal.sort();
            assert_eq!(sorted, legal);
            if !act(&[RummyPolicy::Random; 4], &mut s, &mut rng).unwrap() {
                break;
            }
        }
    }
}
