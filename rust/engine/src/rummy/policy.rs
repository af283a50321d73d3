//! In-engine rummy policies: `random` (uniform over the legal actions, in the engine's
//! order) and `greedy` (docs/rummy-api.md, Batch). Stepping a [`RummyState`] with
//! [`play_out`] makes exactly the choices (and random draws) the batch makes.

use super::meld::{
    best_meld, card_at, card_usable_held, card_value, face_value, for_each_meld,
    for_each_natural_meld, key_cards, known_kind, meld_key, meld_value, rank_of, usable_from_held,
    Held, MeldKind, Multiset, UsableMemo, JOKER, QUEEN_OF_SPADES as QS,
};
use super::rules::RummyRules;
use super::state::{has_discard_after, Action, End, Phase, RummyState};
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
#[cfg(test)]
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
    let (mut left, mut sum) = (usable & ((1 << 52) - 1), 0);
    while left != 0 {
        let c = left.trailing_zeros() as u8;
        sum += i64::from(hand.count(c)) * card_value(r, c);
        left &= left - 1;
    }
    sum
}

/// A meld held in a fixed array (the first `len` cards), so that the greedy policy can
/// compare melds without allocating.
#[derive(Copy, Clone, Debug)]
struct MeldBuf {
    len: u8,
    cards: [u8; 14],
}

impl MeldBuf {
    fn new(m: &[u8]) -> MeldBuf {
        let mut cards = [0; 14];
        cards[..m.len()].copy_from_slice(m);
        MeldBuf {
            len: m.len() as u8,
            cards,
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.cards[..usize::from(self.len)]
    }
}

/// What a candidate meld of the opening search takes from a hand: its cards as [`Held`]
/// masks (bit `id` of `one`, `two`, `three`: the meld uses at least 1, 2, 3 copies), its
/// size, its Q♠, its value and the C-5 values of its cards.
#[derive(Copy, Clone, Debug)]
struct CandUse {
    used: Held,
    len: u8,
    queens: u8,
    value: i64,
    spent: i64,
}

impl CandUse {
    /// The use of the natural meld `m` (no joker), its value [`meld_value`] (a low ace
    /// counts 1), and its sort key [`meld_key`].
    #[inline]
    fn natural(r: &RummyRules, m: &[u8]) -> (u128, CandUse) {
        let mut used = Held::default();
        let (mut queens, mut faces, mut key) = (0, 0, 0u128);
        for &c in m {
            // One more copy of the face c (no joker): the thermometer masks shift up.
            let bit = 1u64 << c;
            used.three |= used.two & bit;
            used.two |= used.one & bit;
            used.one |= bit;
            queens += u8::from(c == QS);
            faces += face_value(c);
            key = key << 8 | u128::from(c + 1);
        }
        debug_assert_eq!(used, {
            let mut h = Held::default();
            for &c in m {
                h.set(c, h.count(c) + 1);
            }
            h
        });
        // Q♠ is worth what the rules say, not its rank's 10.
        let spent = faces + i64::from(queens) * (r.q_spades_value - face_value(QS));
        debug_assert_eq!(spent, m.iter().map(|&c| card_value(r, c)).sum::<i64>());
        // A natural run from the low ace (A-2-…): the ace counts 1 instead of its value.
        let low_ace = m.len() > 1 && rank_of(m[0]) == 12 && rank_of(m[1]) == 0;
        let value = if low_ace {
            spent - card_value(r, m[0]) + 1
        } else {
            spent
        };
        debug_assert_eq!(value, meld_value(r, m));
        // The bytes c + 1 big-endian, then zeros (a meld has at most 14 cards).
        let key = key << (8 * (16 - m.len()));
        debug_assert_eq!(key, meld_key(m));
        let u = CandUse {
            used,
            len: m.len() as u8,
            queens,
            value,
            spent,
        };
        (key, u)
    }
}

/// Whether the cards `u` uses are all in `left` (counts as [`Held`] masks, at most 3 a
/// face): no face used more often than held.
#[inline]
fn fits(left: &Held, u: &Held) -> bool {
    (u.one & !left.one) | (u.two & !left.two) | (u.three & !left.three) == 0
}

/// `left` minus the cards `u` uses (which fit), on the masks: a face held `c` times and
/// used `k` times is held at least `j` times after when it was held at least `k + j` times.
#[inline]
fn minus(left: &Held, u: &Held) -> Held {
    let none = !u.one;
    let one = u.one & !u.two;
    let two = u.two & !u.three;
    Held {
        one: (left.one & none) | (left.two & one) | (left.three & two),
        two: (left.two & none) | (left.three & one),
        three: left.three & none,
        jokers: left.jokers,
    }
}

/// The most melds an opening can hold (3 cards each out of the 108).
const MAX_OPENING: usize = 36;

/// The best opening the greedy policy finds among the natural melds `cands` (sorted, with
/// their values) of `hand`: the most valuable multiset of them (at least one) worth at
/// least `min` after which the player keeps a discard, the hand then holding `extra` more
/// cards, `extra_q` of them Q♠; on a tie the lexicographically smallest list, that is the
/// smallest index sequence. `best` holds a candidate to beat: (value, indices) with an
/// empty list standing for "no further meld", which every non-empty list follows.
struct OpeningSearch<'a> {
    cands: &'a [CandUse],
    min: i64,
    len: usize,
    queens: usize,
    extra: usize,
    extra_q: usize,
    exception: bool,
    /// Nodes worth at most this need not be searched (`i64::MIN`: none).
    floor: i64,
    cur: [u16; MAX_OPENING],
    best: Option<(i64, [u16; MAX_OPENING], usize)>,
}

impl OpeningSearch<'_> {
    /// The `openings` recursion of the engine, keeping only the best node. It visits the
    /// index sequences in ascending lexicographic order (a node before its extensions, an
    /// extension by a lower index first), so the first node of the highest value is the
    /// one to keep, and a subtree that cannot beat the best so far (`bound`: the value of
    /// the cards left that some candidate uses, at least what further melds add) is skipped.
    fn rec(
        &mut self,
        from: usize,
        depth: usize,
        left: &Held,
        used: (usize, usize),
        vb: (i64, i64),
    ) {
        let (value, bound) = vb;
        if depth > 0 && value >= self.min && self.best.as_ref().map_or(true, |b| value > b.0) {
            let keeps = has_discard_after(
                self.len - used.0 + self.extra,
                self.queens - used.1 + self.extra_q,
                self.exception,
            );
            if keeps {
                self.best = Some((value, self.cur, depth));
            }
        }
        let limit = self
            .best
            .as_ref()
            .map_or(self.floor, |b| b.0.max(self.floor));
        if depth >= MAX_OPENING || value.saturating_add(bound) <= limit {
            return;
        }
        for (i, u) in self.cands.iter().enumerate().skip(from) {
            if fits(left, &u.used) {
                self.cur[depth] = i as u16;
                let used = (used.0 + usize::from(u.len), used.1 + usize::from(u.queens));
                let vb = (value + u.value, bound - u.spent);
                self.rec(i, depth + 1, &minus(left, &u.used), used, vb);
            }
        }
    }
}

/// The natural melds of `hand`, sorted (as [`super::all_melds`] lists them), as their
/// [`meld_key`]s (ordered as the card sequences are) into `out`, and what each takes from
/// the hand (with its value) into `uses`; `sort` holds the sort's buffers.
fn natural_melds(
    r: &RummyRules,
    hand: &Held,
    sort: &mut SortBuffers,
    out: &mut Vec<u128>,
    uses: &mut Vec<CandUse>,
) {
    out.clear();
    uses.clear();
    let SortBuffers { keys, found } = sort;
    keys.clear();
    found.clear();
    for_each_natural_meld(hand, &mut |m: &[u8]| {
        let (key, u) = CandUse::natural(r, m);
        keys.push((key, found.len() as u32));
        found.push(u);
    });
    // The keys are distinct (each meld is listed once).
    keys.sort_unstable_by_key(|k| k.0);
    for &(key, i) in keys.iter() {
        out.push(key);
        uses.push(found[i as usize]);
    }
    debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
}

/// The cards of a meld given by its [`meld_key`], as a meld of an action.
fn key_vec(key: u128) -> Vec<u8> {
    let (cards, n) = key_cards(key);
    cards[..n].to_vec()
}

/// The buffers of [`natural_melds`]: sort keys with indices into the melds found.
#[derive(Clone, Debug, Default)]
struct SortBuffers {
    keys: Vec<(u128, u32)>,
    found: Vec<CandUse>,
}

/// The buffers of the opening searches, kept in the [`GreedyCache`] so that a batch
/// allocates them once (their contents never carry from one decision to the next).
#[derive(Clone, Debug, Default)]
struct Buffers {
    sort: SortBuffers,
    /// The natural melds of the hand searched (sorted keys) and their uses.
    cands: Vec<u128>,
    uses: Vec<CandUse>,
    /// [`take_pile_opening`]: the uses of the melds fitting after a first meld, and their
    /// indices into `uses`.
    sub: Vec<CandUse>,
    idx: Vec<u16>,
}

/// The best opening of [`OpeningSearch`] from the natural melds of `hand`, seeded with
/// `seed` (a value standing for the empty list): (value, melds as indices into `bufs.cands`).
/// `bound` is [`bound`] of the hand's usable cards without jokers: every card of a natural
/// meld is one, and a natural meld is worth at most the C-5 values of its cards (a low ace
/// counts 1, not 11).
#[allow(clippy::too_many_arguments)]
fn best_opening(
    r: &RummyRules,
    hand: &Multiset,
    held: &Held,
    bound: i64,
    bufs: &mut Buffers,
    min: i64,
    extra: (usize, usize),
    exception: bool,
    seed: Option<i64>,
    floor: i64,
) -> Option<(i64, [u16; MAX_OPENING], usize)> {
    debug_assert_eq!(*held, Held::of(hand));
    debug_assert_eq!(
        bound,
        self::bound(r, hand, usable_from_held(r, held, false))
    );
    natural_melds(r, held, &mut bufs.sort, &mut bufs.cands, &mut bufs.uses);
    let mut search = OpeningSearch {
        floor,
        cands: &bufs.uses,
        min,
        len: hand.len(),
        queens: usize::from(hand.count(QS)),
        extra: extra.0,
        extra_q: extra.1,
        exception,
        cur: [0; MAX_OPENING],
        best: seed.map(|v| (v, [0; MAX_OPENING], 0)),
    };
    search.rec(0, 0, held, (0, 0), (0, bound));
    search.best
}

/// The greedy take-pile choice: the `take_pile` meld list of most value (ties: the smallest
/// list), with its value, or `None` when the pile cannot be taken. The same choice as the
/// best of [`RummyState::take_pile_actions`], without listing them.
///
/// Meld lists worth at most `floor` may be left out (the policy draws unless the pile's
/// melds are worth more than the other pile cards).
fn best_take_pile(
    s: &RummyState,
    p: usize,
    floor: i64,
    memo: &mut UsableMemo,
    bufs: &mut Buffers,
) -> Option<(i64, Vec<Vec<u8>>)> {
    let r = s.rules();
    let pile = s.pile();
    let (&top, rest) = pile.split_last()?;
    let opened = s.opened()[p];
    if top == JOKER && !opened {
        return None;
    }
    let hand = s.hands()[p];
    let mut with_top = hand;
    with_top.add(top);
    let rest_q = rest.iter().fold(0, |n, &c| n + usize::from(c == QS));
    let extra = (rest.len(), rest_q);
    let must = (top != JOKER).then_some(top);
    if opened && top != JOKER {
        // The most valuable meld holding the top card after which the player keeps a
        // discard (the hand then holds the other pile cards too).
        let (len, queens) = (
            hand.len() + 1 + extra.0,
            usize::from(with_top.count(QS)) + extra.1,
        );
        let keeps = |n: usize, q: usize| has_discard_after(len - n, queens - q, false);
        let mut held = s.held()[p];
        held.add(top);
        let (v, key) = best_meld(r, &with_top, &held, true, Some(top), &keeps)?;
        let (cards, n) = key_cards(key);
        return Some((v, vec![cards[..n].to_vec()]));
    }
    if !opened {
        let mut held = s.held()[p];
        held.add(top);
        let b = bound(r, &with_top, memo.usable(r, &held, false));
        return take_pile_opening(r, &hand, &s.held()[p], top, extra, floor, b, bufs);
    }
    // An opened player and the joker on top: the most valuable meld holding it (the
    // smallest on a tie) after which the player keeps a discard. The hand is then the hand
    // plus the pile minus the meld.
    let (len, queens) = (with_top.len(), usize::from(with_top.count(QS)));
    let mut best: Option<(i64, MeldBuf)> = None;
    for_each_meld(r, &with_top, true, must, &mut |m0: &[u8]| {
        if !m0.contains(&top) {
            return;
        }
        let q0 = m0.iter().fold(0, |n, &c| n + usize::from(c == QS));
        if !has_discard_after(len - m0.len() + extra.0, queens - q0 + extra.1, false) {
            return;
        }
        let v0 = meld_value(r, m0);
        let better = best.as_ref().map_or(true, |(bv, bm)| {
            v0 > *bv || (v0 == *bv && m0 < bm.as_slice())
        });
        if better {
            best = Some((v0, MeldBuf::new(m0)));
        }
    });
    best.map(|(v, m0)| (v, vec![m0.as_slice().to_vec()]))
}

/// [`bound`] from [`Held`] masks: the C-5 values of the cards of `usable` (faces) with their
/// copies.
fn held_bound(r: &RummyRules, h: &Held, usable: u64) -> i64 {
    let mut sum = 0;
    for mask in [h.one, h.two, h.three] {
        let mut left = mask & usable;
        while left != 0 {
            sum += card_value(r, left.trailing_zeros() as u8);
            left &= left - 1;
        }
    }
    sum
}

/// The take-pile choice of an unopened player (`top`, not a joker, on the pile over cards
/// bringing `extra` (cards, Q♠) into the hand): a first meld `m0` holding the top card,
/// then the best opening ([`OpeningSearch`]) of natural melds from the rest of the hand,
/// the whole worth at least the opening minimum; the most valuable (ties: the smallest
/// `m0`, then the smallest further list), with its value. Lists worth at most `floor` may
/// be left out.
///
/// The natural melds from the hand left after `m0` are those of the hand that fit in it
/// (in the same sorted order), so the hand's are listed once (when first needed) and
/// filtered per `m0`; the cards they use are the usable natural cards of that hand (for
/// the bound `b` of [`OpeningSearch`]).
///
/// `b_wt` is [`bound`] of the hand plus the top card's usable natural cards. The hand left
/// after `m0` is a part of that hand, so its usable natural cards are some of those, and it
/// holds each of them as often less the copies in `m0` (all usable there): `b` is at most
/// `b_wt` minus the C-5 values of m0's cards (`spent`), and a list holding `m0` is worth
/// at most `v0 + b <= b_wt` (`v0 <= spent`). So `m0` is skipped, as for `v0 + b`, when
/// `v0 + b_wt - spent` cannot beat the limit, and nothing is searched when `b_wt` cannot
/// beat the floor.
#[allow(clippy::too_many_arguments)]
// Kept out of its caller: inlined into `greedy_action_with` (and so into the batch loop) it
// measured about 4.7k instructions a hand more (callgrind of `rummy_speed`).
#[inline(never)]
fn take_pile_opening(
    r: &RummyRules,
    hand: &Multiset,
    held: &Held,
    top: u8,
    extra: (usize, usize),
    floor: i64,
    b_wt: i64,
    bufs: &mut Buffers,
) -> Option<(i64, Vec<Vec<u8>>)> {
    debug_assert!(top != JOKER);
    debug_assert_eq!(*held, Held::of(hand));
    let mut with_top = *hand;
    with_top.add(top);
    let mut held_wt = *held;
    held_wt.add(top);
    debug_assert_eq!(
        b_wt,
        bound(r, &with_top, usable_from_held(r, &held_wt, false))
    );
    if b_wt <= floor {
        return None;
    }
    let (len, queens) = (with_top.len(), usize::from(with_top.count(QS)));
    let Buffers {
        sort,
        cands,
        uses,
        sub,
        idx,
    } = bufs;
    {
        let mut listed = false;
        // (value, m0, indices of the further melds into `cands`)
        let mut best: Option<(i64, MeldBuf, [u16; MAX_OPENING], usize)> = None;
        for_each_meld(r, &with_top, false, Some(top), &mut |m0: &[u8]| {
            if !m0.contains(&top) {
                return;
            }
            let (_, u0) = CandUse::natural(r, m0);
            let v0 = u0.value;
            // The hand after m0 (the top card from the pile, the rest from the hand).
            let left = minus(&held_wt, &u0.used);
            let (left_len, left_q) = (len - m0.len(), queens - usize::from(u0.queens));
            let keeps = has_discard_after(left_len + extra.0, left_q + extra.1, false);
            // Lists that cannot beat the best so far (nor, on a tie, a smaller m0) or the
            // floor need not be searched.
            let limit = best.as_ref().map_or(floor, |(bv, bm, _, _)| {
                if m0 < bm.as_slice() {
                    floor.max(*bv - 1)
                } else {
                    floor.max(*bv)
                }
            });
            if v0 + b_wt - u0.spent <= limit {
                return;
            }
            if !listed {
                natural_melds(r, held, sort, cands, uses);
                listed = true;
            }
            sub.clear();
            idx.clear();
            let mut usable = 0;
            for (i, u) in uses.iter().enumerate() {
                if fits(&left, &u.used) {
                    sub.push(*u);
                    idx.push(i as u16);
                    usable |= u.used.one;
                }
            }
            let b = held_bound(r, &left, usable);
            #[cfg(debug_assertions)]
            {
                let mut rest = *hand;
                let mut skipped = false;
                for &c in m0 {
                    if c == top && !skipped {
                        skipped = true;
                    } else {
                        rest.remove(c);
                    }
                }
                debug_assert_eq!(left, Held::of(&rest));
                debug_assert_eq!(
                    (left_len, left_q),
                    (rest.len(), usize::from(rest.count(QS)))
                );
                let plain = usable_from_held(r, &left, false) & ((1 << 52) - 1);
                debug_assert_eq!(usable, plain);
                debug_assert_eq!(b, bound(r, &rest, plain));
                debug_assert!(b <= b_wt - u0.spent);
            }
            if v0 + b <= limit {
                return;
            }
            let seed = (v0 >= r.opening_min && keeps).then_some(0);
            let mut search = OpeningSearch {
                floor: limit - v0,
                cands: sub,
                min: r.opening_min - v0,
                len: left_len,
                queens: left_q,
                extra: extra.0,
                extra_q: extra.1,
                exception: false,
                cur: [0; MAX_OPENING],
                best: seed.map(|v| (v, [0; MAX_OPENING], 0)),
            };
            search.rec(0, 0, &left, (0, 0), (0, b));
            let Some((v, mut seq, n)) = search.best else {
                return;
            };
            let v = v0 + v;
            let better = best.as_ref().map_or(true, |(bv, bm, _, _)| {
                v > *bv || (v == *bv && m0 < bm.as_slice())
            });
            if better {
                for i in &mut seq[..n] {
                    *i = idx[usize::from(*i)];
                }
                best = Some((v, MeldBuf::new(m0), seq, n));
            }
        });
        let (v, m0, seq, n) = best?;
        let mut melds = Vec::with_capacity(n + 1);
        melds.push(m0.as_slice().to_vec());
        melds.extend(seq[..n].iter().map(|&i| key_vec(cands[usize::from(i)])));
        Some((v, melds))
    }
}

/// The greedy meld-phase choice of an opened player: the most valuable new meld, else the
/// most valuable lay-off, else end (ties: the smallest action), without listing the legal
/// actions.
fn best_opened_move(s: &RummyState, p: usize) -> Action {
    let r = s.rules();
    let hand = &s.hands()[p];
    let (opening_turn, _, exc, _) = s.flags();
    let jokers = !opening_turn;
    let (len, queens) = (hand.len(), usize::from(hand.count(QS)));
    // The meld must leave a discard (what keeps_discard tells from its size and Q♠).
    let keeps = |n: usize, q: usize| has_discard_after(len - n, queens - q, exc);
    if let Some((_, key)) = best_meld(r, hand, &s.held()[p], jokers, None, &keeps) {
        let (cards, n) = key_cards(key);
        return Action::Meld(cards[..n].to_vec());
    }
    if s.lay_off_masks()[p] & hand_bits(&s.held()[p], jokers) == 0 {
        return Action::End; // no held card lays off
    }
    best_lay_off(s, p, jokers, exc)
}

/// The most valuable lay-off of player `p` (jokers placed only if `jokers`) after which
/// the player keeps a discard, ties by the smallest (meld index, card, end name), else
/// end: read off the per-meld lay-off masks (the cards of [`super::lay_off_candidates`]
/// that fit), the end read off the chosen meld's kind.
// Out of line: inlined into `best_opened_move` (and so into the batch loop) it measured
// about 0.3k instructions a hand more (callgrind of `rummy_speed`).
#[inline(never)]
fn best_lay_off(s: &RummyState, p: usize, jokers: bool, exc: bool) -> Action {
    let r = s.rules();
    let hand = &s.hands()[p];
    let (len, queens) = (hand.len(), usize::from(hand.count(QS)));
    let mut cards = s.lay_off_masks()[p] & hand_bits(&s.held()[p], jokers);
    // Whether a discard is kept depends only on whether the card laid off is Q♠.
    if cards != 0 && !has_discard_after(len - 1, queens, exc) {
        cards &= 1 << QS;
    }
    if cards >> QS & 1 != 0 && !has_discard_after(len - 1, queens - 1, exc) {
        cards &= !(1 << QS);
    }
    // The cards of the highest value.
    let (mut top, mut best) = (0u64, i64::MIN);
    let mut rest = cards;
    while rest != 0 {
        let c = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let v = card_value(r, c);
        if v > best {
            (top, best) = (1 << c, v);
        } else if v == best {
            top |= 1 << c;
        }
    }
    if top == 0 {
        return Action::End;
    }
    // The first meld taking one of them, its smallest such card, at the end of smallest
    // name.
    let by_meld = &s.lay_off_by_meld()[p];
    let Some(i) = by_meld.iter().position(|&m| m & top != 0) else {
        return Action::End; // never: the seat's mask is the union of its melds'
    };
    let c = (by_meld[i] & top).trailing_zeros() as u8;
    let m = &s.melds()[p][i];
    // A set takes it into the set; a run at the high end ("high" before "low") when that
    // is a candidate: a joker whenever the run has a card above (a joker fits both ends
    // alike), a face when it is that card (an ace may be both).
    let end = match known_kind(m) {
        MeldKind::Set => End::Set,
        MeldKind::Run { suit, start } => {
            let next = usize::from(start) + m.len();
            if next <= 13 && (c == JOKER || c == card_at(suit, next as u8)) {
                End::High
            } else {
                End::Low
            }
        }
    };
    debug_assert!({
        let (cands, n) = super::lay_off_candidates(r, m);
        let fit = cands[..n]
            .iter()
            .filter(|&&(x, e)| x == c && super::candidate_fits(r, m, x, e))
            .map(|&(_, e)| e)
            .min_by_key(|e| e.name());
        fit == Some(end)
    });
    Action::LayOff(i, c, end)
}

/// The cards of a hand as one mask: its faces, and bit 52 when it holds a joker and
/// `jokers` (jokers may be placed).
fn hand_bits(h: &Held, jokers: bool) -> u64 {
    h.one | u64::from(jokers && h.jokers > 0) << JOKER
}

/// The cards of ranks `lo..=hi` in every suit (bit `id`).
const fn ranks_mask(lo: u8, hi: u8) -> u64 {
    let mut m = 0u64;
    let mut suit = 0;
    while suit < 4 {
        let mut rank = lo;
        while rank <= hi {
            m |= 1 << (suit * 13 + rank);
            rank += 1;
        }
        suit += 1;
    }
    m
}

/// The faces grouped by C-5 value, the highest value first: A (11), 10–K (10), then 9 down
/// to 2 ([`card_value`] of every face but Q♠, whose value the rules set).
const FACE_GROUPS: [u64; 10] = [
    ranks_mask(12, 12),
    ranks_mask(8, 11),
    ranks_mask(7, 7),
    ranks_mask(6, 6),
    ranks_mask(5, 5),
    ranks_mask(4, 4),
    ranks_mask(3, 3),
    ranks_mask(2, 2),
    ranks_mask(1, 1),
    ranks_mask(0, 0),
];

/// The card of `mask` (bit `id`, the joker at 52) of highest (C-5 value, id): the highest
/// id of the first value group met, against Q♠ and the joker (valued by the rules).
fn highest(r: &RummyRules, mask: u64) -> Option<u8> {
    let faces = mask & ((1 << JOKER) - 1) & !(1 << QS);
    let mut best: Option<(i64, u8)> = None;
    for group in FACE_GROUPS {
        let m = faces & group;
        if m != 0 {
            let c = m.ilog2() as u8;
            best = Some((card_value(r, c), c));
            break;
        }
    }
    for c in [QS, JOKER] {
        if mask >> c & 1 != 0 {
            let key = (card_value(r, c), c);
            if best.map_or(true, |b| key > b) {
                best = Some(key);
            }
        }
    }
    best.map(|(_, c)| c)
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
    greedy_action_with(s, &mut GreedyCache::default())
}

/// What the greedy policy remembers between its decisions: the usable cards of the last
/// hand it looked at (asked for in the meld phase and again for the discard of a turn), and
/// the buffers of its opening searches (allocated once). A batch keeps one per thread; a
/// fresh or a used cache gives the same choices.
#[derive(Clone, Debug, Default)]
pub struct GreedyCache {
    usable: UsableMemo,
    bufs: Buffers,
}

/// [`greedy_action`] with a cache.
pub fn greedy_action_with(s: &RummyState, cache: &mut GreedyCache) -> Option<Action> {
    let r = s.rules();
    let p = usize::from(s.current_player().unwrap_or(0));
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
            let mut held = s.held()[p];
            held.add(top);
            let opened = s.opened()[p];
            if top != JOKER && !card_usable_held(r, &held, opened, top) {
                return Some(Action::Draw);
            }
            let mut with_top = s.hands()[p];
            with_top.add(top);
            debug_assert_eq!(held, Held::of(&with_top));
            if !opened && bound(r, &with_top, cache.usable.usable(r, &held, false)) < r.opening_min
            {
                return Some(Action::Draw);
            }
            let inherited: i64 = pile[..pile.len().saturating_sub(1)]
                .iter()
                .map(|&c| card_value(r, c))
                .sum();
            match best_take_pile(s, p, inherited, &mut cache.usable, &mut cache.bufs) {
                Some((v, melds)) if v > inherited => Action::TakePile(melds),
                _ => Action::Draw,
            }
        }
        Phase::Meld => {
            let hand = &s.hands()[p];
            let held = &s.held()[p];
            if s.opened()[p] {
                // No new meld (every meld has two usable naturals) and no lay-off: end.
                let jokers = !s.flags().0;
                let lay_off = s.lay_off_masks()[p] & hand_bits(held, jokers) != 0;
                if !lay_off && cache.usable.usable(r, held, jokers) == 0 {
                    return Some(Action::End);
                }
                best_opened_move(s, p)
            } else {
                let b = bound(r, hand, cache.usable.usable(r, held, false));
                if b < r.opening_min {
                    return Some(Action::End); // no opening can reach the minimum
                }
                let (exc, min) = (s.flags().2, r.opening_min);
                let (extra, floor) = ((0, 0), i64::MIN);
                let bufs = &mut cache.bufs;
                let opening = best_opening(r, hand, held, b, bufs, min, extra, exc, None, floor);
                match opening {
                    Some((_, seq, n)) => Action::Open(
                        seq[..n]
                            .iter()
                            .map(|&i| key_vec(bufs.cands[usize::from(i)]))
                            .collect(),
                    ),
                    None => Action::End,
                }
            }
        }
        Phase::Discard => {
            // The legal discards (as `legal_actions` lists them): the one of highest
            // (value, id) in no meld the hand could form and fitting none of the player's
            // melds (jokers count as usable), else the highest.
            let (_, _, exc, drawn) = s.flags();
            if let Some(d) = drawn {
                return Some(Action::Discard(d)); // the only legal discard
            }
            let hand = &s.hands()[p];
            let held = &s.held()[p];
            let mut legal = hand_bits(held, true);
            if !(exc && hand.len() >= 2) {
                legal &= !(1 << QS);
            }
            // Lay-off targets count as usable.
            let used = 1 << JOKER | s.lay_off_masks()[p] | cache.usable.usable(r, held, true);
            Action::Discard(highest(r, legal & !used).or_else(|| highest(r, legal))?)
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
    policy_action_with(policy, s, rng, &mut GreedyCache::default())
}

/// [`policy_action`] with a cache for the greedy policy.
pub fn policy_action_with(
    policy: RummyPolicy,
    s: &RummyState,
    rng: &mut Rng,
    cache: &mut GreedyCache,
) -> Result<Action, NoLegalAction> {
    let action = match policy {
        RummyPolicy::Random => {
            let mut legal = s.legal_actions();
            let n = u32::try_from(legal.len()).unwrap_or(u32::MAX);
            (n > 0).then(|| legal.swap_remove(rng.below(n) as usize))
        }
        RummyPolicy::Greedy => greedy_action_with(s, cache),
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
    act_with(policies, s, rng, &mut GreedyCache::default())
}

/// [`act`] with a cache for the greedy policy.
pub fn act_with(
    policies: &[RummyPolicy],
    s: &mut RummyState,
    rng: &mut Rng,
    cache: &mut GreedyCache,
) -> Result<bool, NoLegalAction> {
    let Some(p) = s.current_player() else {
        return Ok(false);
    };
    let a = policy_action_with(policies[usize::from(p)], s, rng, cache)?;
    s.apply(a);
    Ok(true)
}

/// Plays a hand to its end with per-seat policies (see [`act`]).
pub fn play_out(
    policies: &[RummyPolicy],
    s: &mut RummyState,
    rng: &mut Rng,
) -> Result<(), NoLegalAction> {
    let mut cache = GreedyCache::default();
    while act_with(policies, s, rng, &mut cache)? {}
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::card_usable;
    use crate::rummy::meld::{usable_cards_with, usable_from_masks};
    use crate::rummy::sim::batch_state;
    use crate::rummy::state::keeps_discard;

    /// The greedy policy as first written: from the legal action lists.
    fn greedy_from_legal_actions(s: &RummyState) -> Option<Action> {
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
                if !s.opened()[p]
                    && bound(r, hand, usable_cards_with(r, hand, false)) < r.opening_min
                {
                    return Some(Action::End); // no opening can reach the minimum
                }
                if s.opened()[p] {
                    // No new meld (every meld has two usable naturals) and no lay-off: end.
                    let jokers = !s.flags().0;
                    let lay_off = s.melds()[p].iter().any(|m| {
                        let (cands, n) = crate::rummy::lay_off_candidates(r, m);
                        cands[..n].iter().any(|&(c, e)| {
                            hand.count(c) > 0
                                && (c != JOKER || jokers)
                                && crate::rummy::candidate_fits(r, m, c, e)
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
                    let (cands, n) = crate::rummy::lay_off_candidates(r, m);
                    for &(c, e) in &cands[..n] {
                        if hand.count(c) > 0 && crate::rummy::candidate_fits(r, m, c, e) {
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

    /// The unopened take-pile choice as first written: per first meld, the hand left built
    /// and its natural melds listed, sorted and searched by [`best_opening`].
    fn take_pile_opening_by_lists(
        r: &RummyRules,
        hand: &Multiset,
        top: u8,
        extra: (usize, usize),
        floor: i64,
    ) -> Option<(i64, Vec<Vec<u8>>)> {
        let mut with_top = *hand;
        with_top.add(top);
        let mut bufs = Buffers::default();
        let mut best: Option<(i64, MeldBuf, [u16; MAX_OPENING], usize)> = None;
        let mut best_cands: Vec<u128> = Vec::new();
        for_each_meld(r, &with_top, false, Some(top), &mut |m0: &[u8]| {
            if !m0.contains(&top) {
                return;
            }
            let mut left = *hand;
            let mut skipped = false;
            for &c in m0 {
                if c == top && !skipped {
                    skipped = true;
                } else {
                    left.remove(c);
                }
            }
            let v0 = meld_value(r, m0);
            let keeps = has_discard_after(
                left.len() + extra.0,
                usize::from(left.count(QS)) + extra.1,
                false,
            );
            let limit = best.as_ref().map_or(floor, |(bv, bm, _, _)| {
                if m0 < bm.as_slice() {
                    floor.max(*bv - 1)
                } else {
                    floor.max(*bv)
                }
            });
            let held = Held::of(&left);
            let b = bound(r, &left, usable_from_held(r, &held, false));
            if v0 + b <= limit {
                return;
            }
            let seed = (v0 >= r.opening_min && keeps).then_some(0);
            let (min, floor) = (r.opening_min - v0, limit - v0);
            let here = best_opening(
                r, &left, &held, b, &mut bufs, min, extra, false, seed, floor,
            );
            let Some((v, seq, n)) = here.map(|(v, seq, n)| (v0 + v, seq, n)) else {
                return;
            };
            let better = best.as_ref().map_or(true, |(bv, bm, _, _)| {
                v > *bv || (v == *bv && m0 < bm.as_slice())
            });
            if better {
                best = Some((v, MeldBuf::new(m0), seq, n));
                if n > 0 {
                    std::mem::swap(&mut best_cands, &mut bufs.cands);
                }
            }
        });
        let (v, m0, seq, n) = best?;
        let mut melds = vec![m0.as_slice().to_vec()];
        melds.extend(
            seq[..n]
                .iter()
                .map(|&i| key_vec(best_cands[usize::from(i)])),
        );
        Some((v, melds))
    }

    #[test]
    fn take_pile_opening_is_the_search_per_first_meld() {
        let mut rng = Rng::new(23);
        let mut found = 0;
        // One set of buffers over every case, as a batch keeps them (nothing carries over).
        let bufs = &mut Buffers::default();
        for case in 0..6000 {
            let rules = RummyRules {
                opening_min: [0, 10, 30, 51, 80][rng.below(5) as usize],
                q_spades_value: [0, 1, 10, 150][rng.below(4) as usize],
                ..RummyRules::default()
            };
            // Random hands of 0..=30 cards (both aces of a suit, Q♠, jokers, sometimes)
            // and a face card on top.
            let mut deck = Multiset::deck().to_vec();
            rng.shuffle(&mut deck);
            let n = rng.below(31) as usize;
            let mut hand = Multiset::from_ids(&deck[..n]);
            if case % 5 == 0 {
                let s = rng.below(4) as u8;
                hand.0[usize::from(s * 13 + 12)] = 2;
            }
            if case % 7 == 0 {
                hand.0[usize::from(JOKER)] = rng.below(3) as u8;
            }
            if case % 11 == 0 {
                hand.0[usize::from(QS)] = rng.below(3) as u8;
            }
            let top = loop {
                let c = rng.below(52) as u8;
                if hand.count(c) < 2 {
                    break c;
                }
            };
            let extra_n = rng.below(6) as usize;
            let extra = (extra_n, rng.below(extra_n as u32 + 1).min(2) as usize);
            let floor = [0, 0, 10, 30, 60][rng.below(5) as usize];
            let want = take_pile_opening_by_lists(&rules, &hand, top, extra, floor);
            let mut with_top = hand;
            with_top.add(top);
            let usable = usable_from_held(&rules, &Held::of(&with_top), false);
            let b_wt = bound(&rules, &with_top, usable);
            let held = Held::of(&hand);
            let got = take_pile_opening(&rules, &hand, &held, top, extra, floor, b_wt, bufs);
            assert_eq!(got, want, "{rules:?} {hand:?} {top} {extra:?} {floor}");
            found += usize::from(got.is_some());
        }
        assert!(found > 500, "{found}");
    }

    /// The greedy lay-off as first written: every candidate of every meld.
    fn best_lay_off_by_candidates(s: &RummyState, p: usize, jokers: bool, exc: bool) -> Action {
        let r = s.rules();
        let hand = &s.hands()[p];
        let (len, queens) = (hand.len(), usize::from(hand.count(QS)));
        let mut best: Option<(i64, (usize, u8, &'static str), End)> = None;
        for (i, m) in s.melds()[p].iter().enumerate() {
            let (cands, n) = crate::rummy::lay_off_candidates(r, m);
            for &(c, e) in &cands[..n] {
                if hand.count(c) == 0 || (c == JOKER && !jokers) {
                    continue;
                }
                if !crate::rummy::candidate_fits(r, m, c, e)
                    || !keeps_discard(len, queens, &[c], exc)
                {
                    continue;
                }
                let v = card_value(r, c);
                let key = (i, c, e.name());
                if best
                    .as_ref()
                    .map_or(true, |(bv, bk, _)| v > *bv || (v == *bv && key < *bk))
                {
                    best = Some((v, key, e));
                }
            }
        }
        best.map_or(Action::End, |(_, (i, c, _), e)| Action::LayOff(i, c, e))
    }

    #[test]
    fn best_lay_off_is_the_best_candidate() {
        let mut laid = 0;
        for (k, players) in [2u8, 3, 4, 6].into_iter().enumerate() {
            let rules = RummyRules {
                players,
                opening_min: [0, 30][k % 2],
                max_jokers_per_meld: [Some(1), None][k / 2],
                q_spades_value: [150, 5][k % 2],
                joker_value: [50, 7][k / 2],
                ..RummyRules::default()
            };
            for i in 0..30 {
                let mut s = batch_state(&rules, 3, i);
                let mut rng = Rng::new(100 + i);
                while !s.is_over() {
                    // Every seat, with and without jokers and the Q♠ exception.
                    for p in 0..usize::from(players) {
                        for (jokers, exc) in [(false, false), (true, false), (true, true)] {
                            let want = best_lay_off_by_candidates(&s, p, jokers, exc);
                            let got = best_lay_off(&s, p, jokers, exc);
                            assert_eq!(got, want, "{s:?} {p} {jokers} {exc}");
                            laid += usize::from(got != Action::End);
                        }
                    }
                    let policy = if rng.below(3) == 0 {
                        RummyPolicy::Random
                    } else {
                        RummyPolicy::Greedy
                    };
                    let a = policy_action(policy, &s, &mut rng).unwrap();
                    s.apply_unchecked(&a);
                }
            }
        }
        assert!(laid > 1000, "{laid}");
    }

    #[test]
    fn greedy_is_the_choice_from_the_legal_actions() {
        let variants = [
            RummyRules::default(),
            RummyRules {
                max_jokers_per_meld: None,
                ..RummyRules::default()
            },
            RummyRules {
                players: 2,
                opening_min: 0,
                max_jokers_per_meld: None,
                ..RummyRules::default()
            },
            RummyRules {
                players: 5,
                hand_size: 20,
                opening_min: 80,
                ..RummyRules::default()
            },
        ];
        let mut checked = 0;
        for rules in &variants {
            for i in 0..12 {
                let mut s = batch_state(rules, 9, i);
                let mut rng = Rng::new(i);
                // A cache kept over the hand (as a batch keeps one) answers as a fresh one.
                let mut cache = GreedyCache::default();
                // Mostly greedy, sometimes random, to reach varied positions.
                while !s.is_over() {
                    let want = greedy_from_legal_actions(&s);
                    assert_eq!(greedy_action(&s), want, "{s:?}");
                    assert_eq!(greedy_action_with(&s, &mut cache), want, "{s:?}");
                    // The incremental hand and lay-off masks are the recomputed ones.
                    assert!(s.masks_in_step(), "{s:?}");
                    checked += 1;
                    let policy = if rng.below(4) == 0 {
                        RummyPolicy::Random
                    } else {
                        RummyPolicy::Greedy
                    };
                    let a = policy_action(policy, &s, &mut rng).unwrap();
                    s.apply_unchecked(&a);
                }
            }
        }
        assert!(checked > 1000);
    }

    /// `highest` is the plain maximum of (C-5 value, id) over the mask, for any Q♠ and
    /// joker values.
    #[test]
    fn highest_is_the_plain_maximum() {
        let mut rng = Rng::new(17);
        for case in 0..20_000 {
            let rules = RummyRules {
                q_spades_value: i64::from(rng.below(60)),
                joker_value: i64::from(rng.below(60)),
                ..RummyRules::default()
            };
            // Sparse and dense masks of the 53 ids.
            let mut mask = rng.next_u64() & ((1 << 53) - 1);
            if case % 2 == 0 {
                mask &= rng.next_u64() & rng.next_u64();
            }
            if case % 7 == 0 {
                mask &= 1 << QS | 1 << JOKER | rng.next_u64() & rng.next_u64() & rng.next_u64();
            }
            let plain = (0..53u8)
                .filter(|&c| mask >> c & 1 != 0)
                .max_by_key(|&c| (card_value(&rules, c), c));
            assert_eq!(highest(&rules, mask), plain, "{mask:#x} {rules:?}");
        }
    }

    #[test]
    fn natural_melds_are_the_joker_free_melds_sorted() {
        let rules = RummyRules::default();
        let mut rng = Rng::new(5);
        for case in 0..3000 {
            // Random hands of 1..=40 cards from the deck (both aces of a suit often).
            let mut deck = Multiset::deck().to_vec();
            rng.shuffle(&mut deck);
            let n = 1 + rng.below(40) as usize;
            let mut hand = Multiset::from_ids(&deck[..n]);
            if case % 5 == 0 {
                let s = rng.below(4) as u8;
                hand.0[usize::from(s * 13 + 12)] = 2;
            }
            let mut want: Vec<(Vec<u8>, i64)> = Vec::new();
            for_each_meld(&rules, &hand, false, None, &mut |m: &[u8]| {
                want.push((m.to_vec(), meld_value(&rules, m)));
            });
            want.sort();
            let (mut got, mut uses) = (Vec::new(), Vec::new());
            let sort = &mut SortBuffers::default();
            natural_melds(&rules, &Held::of(&hand), sort, &mut got, &mut uses);
            for (&key, u) in got.iter().zip(&uses) {
                let m = key_vec(key);
                assert_eq!(usize::from(u.len), m.len(), "{m:?}");
                let spent: i64 = m.iter().map(|&c| card_value(&rules, c)).sum();
                assert_eq!(u.spent, spent, "{m:?}");
                let (q, mut used) = (
                    m.iter().fold(0, |n, &c| n + usize::from(c == QS)),
                    Held::default(),
                );
                for &c in &m {
                    used.set(c, used.count(c) + 1);
                }
                assert_eq!((usize::from(u.queens), u.used), (q, used), "{m:?}");
            }
            let got: Vec<(Vec<u8>, i64)> = got
                .iter()
                .zip(&uses)
                .map(|(&key, u)| (key_vec(key), u.value))
                .collect();
            assert_eq!(got, want, "{hand:?}");
            // The held masks recomputed card by card are those of the counts.
            let mut held = Held::default();
            for c in 0..53u8 {
                held.set(c, hand.count(c));
            }
            assert_eq!(held, Held::of(&hand));
            // ... and card by card with `add`, then taken out again with `remove`.
            let mut added = Held::default();
            let cards = hand.to_vec();
            for &c in &cards {
                added.add(c);
            }
            assert_eq!(added, held);
            let mut left = hand;
            for &c in cards.iter().rev() {
                added.remove(c);
                left.remove(c);
                assert_eq!(added, Held::of(&left));
            }
            assert_eq!(held.is_empty(), hand.is_empty());
            assert_eq!(held.is_lone_queen(), hand.len() == 1 && hand.count(QS) == 1);
            // The mask formulas agree with the melds they stand for, any joker limit.
            let unlimited = RummyRules {
                max_jokers_per_meld: None,
                ..RummyRules::default()
            };
            for r in [&rules, &unlimited] {
                for allow in [false, true] {
                    let mut want = 0u64;
                    for_each_meld(r, &hand, allow, None, &mut |m: &[u8]| {
                        for &c in m {
                            if c != JOKER {
                                want |= 1 << c;
                            }
                        }
                    });
                    assert_eq!(usable_from_held(r, &held, allow), want, "{hand:?}");
                    let jokers = if allow { held.jokers } else { 0 };
                    let key = Held {
                        jokers: r.max_jokers_per_meld.map_or(jokers, |m| m.min(jokers)),
                        ..held
                    };
                    assert_eq!(usable_from_masks(&key), want, "{hand:?}");
                }
            }
        }
    }

    #[test]
    fn held_tells_an_empty_hand_and_a_lone_queen() {
        for ids in [
            &[][..],
            &[QS],
            &[QS, QS],
            &[QS, JOKER],
            &[QS, 3],
            &[3],
            &[JOKER],
        ] {
            let hand = Multiset::from_ids(ids);
            let held = Held::of(&hand);
            assert_eq!(held.is_empty(), hand.is_empty(), "{ids:?}");
            assert_eq!(
                held.is_lone_queen(),
                hand.len() == 1 && hand.count(QS) == 1,
                "{ids:?}"
            );
        }
    }

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
