//! Batch simulation of Hearts hands with in-engine policies. Hand `i` of a batch is
//! seeded from `(seed, i)` alone, so results are identical for any thread count.

use crate::card_set::CardSet;
use crate::hearts::{HeartsRules, HeartsState, Phase, MAX_PLAYERS};
use crate::rng::Rng;

/// A policy that chooses passes and plays inside the engine.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Policy {
    /// Uniform over the legal plays; passes k cards drawn uniformly from the hand (never
    /// forwards).
    Random,
}

impl Policy {
    /// Every policy.
    pub const ALL: [Policy; 1] = [Policy::Random];
    /// The policy's name.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
        }
    }
    /// The policy with this name.
    pub fn from_name(s: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// Uniformly random `k` cards of `hand`.
pub fn random_subset(hand: CardSet, k: u32, rng: &mut Rng) -> CardSet {
    let mut left = hand;
    let mut chosen = CardSet::EMPTY;
    for _ in 0..k.min(hand.count()) {
        if let Some(c) = left.nth(rng.below(left.count())) {
            left.remove(c);
            chosen.insert(c);
        }
    }
    chosen
}

/// Plays one hand to the end with `policy` at every seat.
pub fn play_out(state: &mut HeartsState, policy: Policy, rng: &mut Rng) {
    match policy {
        Policy::Random => {
            if state.phase() == Phase::Pass {
                let k = u32::from(state.pass_count());
                for seat in 0..state.num_players() {
                    if state.pending_passes() & (1 << seat) != 0 {
                        let cards = random_subset(state.hands()[usize::from(seat)], k, rng);
                        let _ = state.pass_cards(seat, cards);
                    }
                }
            }
            while state.phase() == Phase::Play {
                let legal = state.legal_plays();
                if let Some(c) = legal.nth(rng.below(legal.count())) {
                    state.play_unchecked(c);
                }
            }
        }
    }
}

/// Per-hand results of a batch, row-major `(hands, players)`.
#[derive(Clone, Debug, Default)]
pub struct HandsResult {
    /// Players per hand (columns).
    pub players: usize,
    /// pen_i.
    pub points: Vec<i16>,
    /// h_i.
    pub hand_scores: Vec<i16>,
    /// The moon shooter or −1.
    pub moon_shooter: Vec<i8>,
}

/// Simulates `n` independent hands: hand `i` has dealer `i % players` and hand index `i`
/// (for `rotate`), and draws everything from `Rng::for_game(seed, i)`.
pub fn simulate_hands(rules: &HeartsRules, n: usize, seed: u64, policy: Policy) -> HandsResult {
    let p = usize::from(rules.players);
    let mut out = HandsResult {
        players: p,
        points: vec![0; n * p],
        hand_scores: vec![0; n * p],
        moon_shooter: vec![-1; n],
    };
    let run = |i: usize, pts: &mut [i16], hs: &mut [i16], moon: &mut i8| {
        let mut rng = Rng::for_game(seed, i as u64);
        let dealer = (i % p) as u8;
        let mut s = HeartsState::deal(rules, dealer, i as u64, &mut rng);
        play_out(&mut s, policy, &mut rng);
        let (a, b) = (s.points(), s.hand_scores());
        for j in 0..p {
            pts[j] = a[j] as i16;
            hs[j] = b[j] as i16;
        }
        *moon = s.moon_shooter().map_or(-1, |m| m as i8);
    };
    for (i, ((pts, hs), moon)) in out
        .points
        .chunks_mut(p)
        .zip(out.hand_scores.chunks_mut(p))
        .zip(out.moon_shooter.iter_mut())
        .enumerate()
    {
        run(i, pts, hs, moon);
    }
    let _ = MAX_PLAYERS;
    out
}
