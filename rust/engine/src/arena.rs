//! Duplicate arenas: every deal is played once per seating rotation, so that each policy
//! holds every hand, and the results are paired by deal (docs/arena.md).
//!
//! With `p` policies at a table of `n` seats, rotation `r` (`0..p`) seats policy
//! `(s + r) % p` at seat `s`: over the `p` rotations each seat's cards are played by each
//! policy once. A deal's score for a policy is the mean of the results of the seats it held
//! in every rotation.

use crate::core::Rng;
use crate::hearts::policy::{Policy as HeartsPolicy, TablePolicy};
use crate::hearts::sim::batch_state as hearts_batch_state;
use crate::hearts::{HeartsGame, HeartsRules, MAX_PLAYERS};
use crate::spades::policy::{act, play_out, Policy as SpadesPolicy};
use crate::spades::sim::batch_state as spades_batch_state;
use crate::spades::{team_of, SpadesGame, SpadesRules};

/// Most policies in one arena.
pub const MAX_POLICIES: usize = MAX_PLAYERS;

/// The policy at each seat in rotation `rotation`.
pub fn seating(policies: usize, seats: usize, rotation: usize) -> Vec<usize> {
    (0..seats).map(|s| (s + rotation) % policies).collect()
}

/// The policies' random stream for one play of a deal: the stream of batch hand
/// `deal * 8 + rotation` (8 > the most rotations).
pub fn stream(seed: u64, deal: u64, rotation: usize) -> Rng {
    crate::core::policy_rng(seed, deal.wrapping_mul(8).wrapping_add(rotation as u64))
}

/// Averages per-seat results of each rotation into one score per policy.
fn pair(policies: usize, seats: usize, results: impl Fn(usize) -> Vec<f64>) -> Vec<f64> {
    let mut sum = vec![0.0; policies];
    let mut count = vec![0u32; policies];
    for r in 0..policies {
        let seated = seating(policies, seats, r);
        let res = results(r);
        for (s, &p) in seated.iter().enumerate() {
            sum[p] += res[s];
            count[p] += 1;
        }
    }
    sum.iter()
        .zip(&count)
        .map(|(&x, &c)| x / f64::from(c.max(1)))
        .collect()
}

/// One Hearts deal of a duplicate arena: hand `deal` of the batch `seed` (its deal and pass
/// direction), played once per rotation; per policy, the mean hand score of its seats.
pub fn hearts_deal(
    rules: &HeartsRules,
    seed: u64,
    deal: u64,
    policies: &[HeartsPolicy],
) -> Vec<f64> {
    let n = usize::from(rules.players);
    pair(policies.len(), n, |r| {
        let mut table = TablePolicy::uniform(HeartsPolicy::Random);
        for (s, p) in seating(policies.len(), n, r).into_iter().enumerate() {
            table.0[s] = policies[p];
        }
        let mut s = hearts_batch_state(rules, seed, deal);
        table.play_out(&mut s, &mut stream(seed, deal, r));
        s.hand_scores()[..n].iter().map(|&x| f64::from(x)).collect()
    })
}

/// One Spades deal of a duplicate arena (two policies, one per team: rotation 0 seats the
/// first at seats 0 and 2, rotation 1 at seats 1 and 3); per policy, its team's hand score.
pub fn spades_deal(
    rules: &SpadesRules,
    seed: u64,
    deal: u64,
    policies: &[SpadesPolicy],
) -> Vec<f64> {
    pair(policies.len(), 4, |r| {
        let mut table = [SpadesPolicy::Random; 4];
        for (s, p) in seating(policies.len(), 4, r).into_iter().enumerate() {
            table[s] = policies[p];
        }
        let mut s = spades_batch_state(rules, seed, deal);
        play_out(&table, &mut s, &mut stream(seed, deal, r));
        let score = s.score();
        #[allow(clippy::cast_precision_loss)]
        (0..4u8)
            .map(|seat| score.scores[team_of(seat)] as f64)
            .collect()
    })
}

/// A seat's share of a win: `1 / k` when it is one of the `k` winning seats (`won` a bit
/// mask), else 0 (also for a game stopped at its hand limit, which nobody won).
fn shares(won: impl Fn(usize) -> bool, seats: usize) -> Vec<f64> {
    let k = (0..seats).filter(|&s| won(s)).count();
    (0..seats)
        .map(|s| {
            if won(s) {
                #[allow(clippy::cast_precision_loss)]
                let share = 1.0 / k as f64;
                share
            } else {
                0.0
            }
        })
        .collect()
}

/// One Hearts game of a duplicate arena: game `game` of the batch `seed` (its first dealer
/// and every deal from the game's deal stream, as `simulate_hearts(games=…)` deals them),
/// played once per rotation up to `hand_limit` hands; per policy, the mean win share of its
/// seats (a seat among `k` winners has `1 / k`).
pub fn hearts_game(
    rules: &HeartsRules,
    seed: u64,
    game: u64,
    policies: &[HeartsPolicy],
    hand_limit: usize,
) -> Vec<f64> {
    let n = usize::from(rules.players);
    pair(policies.len(), n, |r| {
        let mut table = TablePolicy::uniform(HeartsPolicy::Random);
        for (s, p) in seating(policies.len(), n, r).into_iter().enumerate() {
            table.0[s] = policies[p];
        }
        let mut deal_rng = Rng::for_game(seed, game);
        let first_dealer = deal_rng.below(u32::from(rules.players)) as u8;
        let mut g = HeartsGame::with_rng(rules, deal_rng, first_dealer);
        let mut rng = stream(seed, game, r);
        while !g.is_over() && g.hands_played() < hand_limit {
            g.complete_hand(|s| table.play_out(s, &mut rng));
        }
        let won = g.winners();
        shares(|s| won >> s & 1 == 1, n)
    })
}

/// One Spades game of a duplicate arena (see [`spades_deal`] for the seating and
/// [`hearts_game`] for the deals and the shares): per policy, the share of the wins of its
/// team.
pub fn spades_game(
    rules: &SpadesRules,
    seed: u64,
    game: u64,
    policies: &[SpadesPolicy],
    hand_limit: usize,
) -> Vec<f64> {
    pair(policies.len(), 4, |r| {
        let mut table = [SpadesPolicy::Random; 4];
        for (s, p) in seating(policies.len(), 4, r).into_iter().enumerate() {
            table[s] = policies[p];
        }
        let mut deal_rng = Rng::for_game(seed, game);
        let first_dealer = deal_rng.below(4) as u8;
        let mut g = SpadesGame::new(rules, deal_rng, first_dealer, Vec::new(), [0, 0], [0, 0]);
        let mut rng = stream(seed, game, r);
        while !g.is_over() && g.history().len() < hand_limit {
            g.act(|s| act(&table, s, &mut rng));
        }
        let won = g.winners();
        let teams = shares(|t| won >> t & 1 == 1, 2);
        (0..4u8).map(|seat| teams[team_of(seat)]).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_holds_every_seat_once() {
        for p in 1..=7 {
            for n in [3, 4, 5, 7] {
                for s in 0..n {
                    let mut held: Vec<usize> = (0..p).map(|r| seating(p, n, r)[s]).collect();
                    held.sort_unstable();
                    assert_eq!(held, (0..p).collect::<Vec<_>>());
                }
            }
        }
    }
}
