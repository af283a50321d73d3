//! Whole games on the hand kernel: several games in flight, each playing its hands on
//! [`FastRules`] lanes with the game's bookkeeping between hands (totals, pot, dealer,
//! pass direction, end rule and hand limit). Game `index` makes exactly the draws of
//! [`super::play_game_with`] (one deal stream and one policy stream for the whole game), so
//! it ends exactly as stepping it does; rules the kernel cannot play go through that path.

use super::{policy_rng, Batch, FastOutcome, FastOutcome4, FastRules};
use crate::batch::{GamesRows, Rows, Stop};
use crate::core::{BitOps, Rng};
use crate::hearts::game::{score_hand, starting_total, HandResult};
use crate::hearts::MAX_PLAYERS;

/// One game in flight.
#[derive(Clone, Copy, Debug)]
struct Lane {
    /// Its row in the chunk.
    row: usize,
    /// False once its row is written and no game is left for the lane.
    live: bool,
    deal: Rng,
    rng: Rng,
    first_dealer: u8,
    hands: usize,
    totals: [i64; MAX_PLAYERS],
    pot: i64,
}

impl Lane {
    /// Game `rows.start + row`: first dealer drawn from its deal stream.
    #[inline(always)]
    fn new(b: &Batch<'_>, start: u64, row: usize) -> Lane {
        let index = start + row as u64;
        let mut deal = Rng::for_game(b.seed, index);
        let first_dealer = deal.below(u32::from(b.rules.players)) as u8;
        Lane {
            row,
            live: true,
            deal,
            rng: policy_rng(b.seed, index),
            first_dealer,
            hands: 0,
            totals: [starting_total(&b.rules); MAX_PLAYERS],
            pot: 0,
        }
    }

    /// The dealer of the next hand.
    #[inline(always)]
    fn dealer(&self, n: usize) -> usize {
        (usize::from(self.first_dealer) + self.hands) % n
    }

    /// Scores a finished hand; true (and the row written) when the game is over or reached
    /// the hand limit.
    #[inline(always)]
    fn scored(
        &mut self,
        b: &Batch<'_>,
        o: &FastOutcome,
        limit: usize,
        rows: &mut GamesRows<'_>,
    ) -> bool {
        self.hands += 1;
        let mut result = HandResult {
            points: [0; MAX_PLAYERS],
            hand_scores: [0; MAX_PLAYERS],
            moon_shooter: u8::try_from(o.moon).ok(),
        };
        for s in 0..usize::from(b.rules.players) {
            result.points[s] = u32::from(o.points[s]);
            result.hand_scores[s] = i32::from(o.hand_scores[s]);
        }
        let end = score_hand(
            &b.rules,
            &mut self.totals,
            &mut self.pot,
            &result,
            self.hands,
        );
        let done = end.is_some() || self.hands >= limit;
        if done {
            let winners = u64::from(end.unwrap_or(0));
            let finished = end.is_some();
            rows.put_parts(
                self.row,
                &self.totals,
                winners,
                self.hands,
                finished,
                self.pot,
            );
        }
        done
    }
}

fn widen(o: &FastOutcome4) -> FastOutcome {
    let mut w = FastOutcome {
        moon: o.moon,
        queen: o.queen,
        ..FastOutcome::default()
    };
    w.points[..4].copy_from_slice(&o.points);
    w.hand_scores[..4].copy_from_slice(&o.hand_scores);
    w
}

/// Plays the games of `rows` `L` at a time with `play` (one hand in each of `L` lanes:
/// deal streams, policy streams, dealers, hand numbers), refilling a lane from the next
/// game as soon as its game ends; the last games, once fewer than `L` are left, one at a
/// time with `play1`.
#[inline(always)]
fn run<const L: usize>(
    b: &Batch<'_>,
    limit: usize,
    rows: &mut GamesRows<'_>,
    stop: &Stop,
    k: &impl Kernel,
) {
    let n = usize::from(b.rules.players);
    let total = rows.rows();
    let start = rows.start;
    if limit == 0 {
        for row in 0..total {
            let l = Lane::new(b, start, row);
            rows.put_parts(row, &l.totals, 0, 0, false, 0);
        }
        return;
    }
    let mut next = 0;
    if total >= L {
        let mut lanes = [Lane::new(b, start, 0); L];
        for (g, l) in lanes.iter_mut().enumerate() {
            *l = Lane::new(b, start, g);
        }
        next = L;
        'full: loop {
            if stop.requested() {
                return;
            }
            let mut deal = [Rng::new(0); L];
            let mut rng = [Rng::new(0); L];
            let mut dealer = [0usize; L];
            let mut hand = [0u64; L];
            for g in 0..L {
                deal[g] = lanes[g].deal;
                rng[g] = lanes[g].rng;
                dealer[g] = lanes[g].dealer(n);
                hand[g] = lanes[g].hands as u64;
            }
            let outs = k.play::<L>(&mut deal, &mut rng, dealer, hand);
            for g in 0..L {
                lanes[g].deal = deal[g];
                lanes[g].rng = rng[g];
            }
            let mut out_of_games = false;
            for g in 0..L {
                if lanes[g].live && lanes[g].scored(b, &outs[g], limit, rows) {
                    if next < total {
                        lanes[g] = Lane::new(b, start, next);
                        next += 1;
                    } else {
                        lanes[g].live = false;
                        out_of_games = true;
                    }
                }
            }
            if out_of_games {
                // Fewer than `L` games left: finish them one at a time.
                for l in lanes.iter_mut().filter(|l| l.live) {
                    finish_one(b, limit, rows, stop, l, k);
                }
                break 'full;
            }
        }
    }
    while next < total {
        let mut l = Lane::new(b, start, next);
        next += 1;
        finish_one(b, limit, rows, stop, &mut l, k);
    }
}

/// Plays the game of lane `l` to its end one hand at a time with `play1`.
#[inline(always)]
fn finish_one(
    b: &Batch<'_>,
    limit: usize,
    rows: &mut GamesRows<'_>,
    stop: &Stop,
    l: &mut Lane,
    k: &impl Kernel,
) {
    let n = usize::from(b.rules.players);
    loop {
        if stop.requested() {
            return;
        }
        let (dealer, hand) = (l.dealer(n), l.hands as u64);
        let mut deal = [l.deal];
        let mut rng = [l.rng];
        let [o] = k.play::<1>(&mut deal, &mut rng, [dealer], [hand]);
        [l.deal, l.rng] = [deal[0], rng[0]];
        if l.scored(b, &o, limit, rows) {
            return;
        }
    }
}

/// A hand kernel for [`run`]: one hand in each of `L` lanes from their deal and policy
/// streams, dealers and hand numbers (trait methods rather than closures, so that they are
/// inlined into the BMI2-compiled caller).
trait Kernel {
    fn play<const L: usize>(
        &self,
        deal: &mut [Rng; L],
        rng: &mut [Rng; L],
        dealer: [usize; L],
        hand: [u64; L],
    ) -> [FastOutcome; L];
}

/// [`FastRules::hand4`]: 4-player all-random (or, with `HEUR`, all-heuristic) games.
struct Four<'a, B, const HEUR: bool> {
    bits: B,
    f: &'a FastRules,
}

impl<B: BitOps, const HEUR: bool> Kernel for Four<'_, B, HEUR> {
    #[inline(always)]
    fn play<const L: usize>(
        &self,
        deal: &mut [Rng; L],
        rng: &mut [Rng; L],
        dealer: [usize; L],
        hand: [u64; L],
    ) -> [FastOutcome; L] {
        let o = self
            .f
            .hand4::<B, L, true, HEUR>(self.bits, deal, rng, dealer, hand);
        let mut out = [FastOutcome::default(); L];
        for g in 0..L {
            out[g] = widen(&o[g]);
        }
        out
    }
}

/// [`FastRules::lanes_with`]: every other table (`N` players fixed, or 0; `MIXED` with a
/// heuristic seat).
struct General<'a, B, const N: usize, const MIXED: bool> {
    bits: B,
    f: &'a FastRules,
}

impl<B: BitOps, const N: usize, const MIXED: bool> Kernel for General<'_, B, N, MIXED> {
    #[inline(always)]
    fn play<const L: usize>(
        &self,
        deal: &mut [Rng; L],
        rng: &mut [Rng; L],
        dealer: [usize; L],
        hand: [u64; L],
    ) -> [FastOutcome; L] {
        self.f
            .lanes_with::<B, L, N, MIXED>(self.bits, deal, rng, dealer, hand, [None; L])
    }
}

/// Lanes of 4-player all-random games.
const LANES4: usize = 4;
/// Lanes of other games.
const LANES: usize = 2;

/// Fills `rows` with whole games on the hand kernel `f` (the facts of `b`'s rules and
/// policies).
#[inline(always)]
pub(super) fn fill_games_with<B: BitOps>(
    bits: B,
    b: &Batch<'_>,
    f: &FastRules,
    limit: usize,
    rows: &mut GamesRows<'_>,
    stop: &Stop,
) {
    let four = b.rules.players == 4;
    let mixed = !b.policy.all_random(b.rules.players);
    let heur = b.policy.all_heuristic(b.rules.players);
    match (four, mixed) {
        (true, false) => run::<LANES4>(b, limit, rows, stop, &Four::<B, false> { bits, f }),
        (true, true) if heur => run::<LANES4>(b, limit, rows, stop, &Four::<B, true> { bits, f }),
        (true, true) => run::<LANES>(b, limit, rows, stop, &General::<B, 4, true> { bits, f }),
        (false, false) => run::<LANES>(b, limit, rows, stop, &General::<B, 0, false> { bits, f }),
        (false, true) => run::<LANES>(b, limit, rows, stop, &General::<B, 0, true> { bits, f }),
    }
}
