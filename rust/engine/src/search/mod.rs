//! Search bots for the trick-taking games, written once over any game: perfect-information
//! Monte Carlo ([`pimc`]) samples worlds from what the seat knows (`crate::info`) and values
//! each legal play in every world, by rollouts or by the exact solver (`crate::solve`).
//!
//! A bot never sees a hidden card: the game hands [`pimc`] a sampler of worlds built from
//! the seat's observation alone.

use crate::core::{Card, CardSet, Rng};

/// How [`pimc`] values a play in one world.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Evaluator {
    /// Play the card, then every seat plays the rollout policy to the end of the hand.
    Rollout,
    /// The exact open-hand value of the card (the solver), once few enough tricks are left;
    /// rollouts before.
    Solve,
}

impl Evaluator {
    /// `"rollout"` or `"solve"`.
    pub const fn name(self) -> &'static str {
        match self {
            Evaluator::Rollout => "rollout",
            Evaluator::Solve => "solve",
        }
    }

    /// The evaluator of this name.
    pub fn from_name(s: &str) -> Option<Evaluator> {
        [Evaluator::Rollout, Evaluator::Solve]
            .into_iter()
            .find(|e| e.name() == s)
    }
}

/// The settings of a [`pimc`] bot.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Pimc {
    /// Worlds sampled per decision (1..=4096).
    pub worlds: u16,
    /// How each play is valued in a world.
    pub evaluator: Evaluator,
    /// Rollouts per world and play (1..=256).
    pub rollouts: u16,
    /// With [`Evaluator::Solve`]: the solver values the plays once at most this many tricks
    /// are left (0..=13); rollouts before.
    pub solve_tricks: u8,
}

impl Default for Pimc {
    fn default() -> Pimc {
        Pimc {
            worlds: 64,
            evaluator: Evaluator::Rollout,
            rollouts: 1,
            solve_tricks: 6,
        }
    }
}

/// The probability that a rollout move is a uniformly random legal card instead of the
/// game's heuristic one: rollouts of one world differ, and no line of play is ruled out.
pub const ROLLOUT_NOISE: f64 = 0.1;

/// How a game's world is valued for [`pimc`].
pub trait Worlds {
    /// A full state of the game.
    type World;
    /// A world drawn uniformly from those the seat's observation allows.
    fn sample(&mut self, rng: &mut Rng) -> Self::World;
    /// The objective after playing `card` in `world` and rolling out to the end.
    fn rollout(&mut self, world: &Self::World, card: Card, rng: &mut Rng) -> f64;
    /// Each legal play's exact value in `world` by the solver, when the solver is to be
    /// used there (`None`: roll out instead).
    fn exact(&mut self, world: &Self::World) -> Option<Vec<(Card, i32)>>;
}

/// Perfect-information Monte Carlo: the play of `legal` with the best mean value over
/// `params.worlds` sampled worlds (`maximize`: the seat raises the objective; else it
/// lowers it), each play valued in each world by `params.rollouts` rollouts or by the
/// solver. Ties go to the lowest card id. Draws only from `rng`.
pub fn pimc<W: Worlds>(
    legal: CardSet,
    params: &Pimc,
    maximize: bool,
    worlds: &mut W,
    rng: &mut Rng,
) -> Option<Card> {
    let first = legal.first()?;
    if legal.count() == 1 {
        return Some(first);
    }
    let mut total = [0f64; 64];
    for _ in 0..params.worlds {
        let world = worlds.sample(rng);
        let exact = match params.evaluator {
            Evaluator::Solve => worlds.exact(&world),
            Evaluator::Rollout => None,
        };
        match exact {
            Some(values) => {
                for (c, v) in values {
                    total[usize::from(c.id())] += f64::from(v);
                }
            }
            None => {
                for c in legal {
                    for _ in 0..params.rollouts {
                        total[usize::from(c.id())] +=
                            worlds.rollout(&world, c, rng) / f64::from(params.rollouts);
                    }
                }
            }
        }
    }
    let mut best = first;
    for c in legal {
        let (v, b) = (total[usize::from(c.id())], total[usize::from(best.id())]);
        if (maximize && v > b) || (!maximize && v < b) {
            best = c;
        }
    }
    Some(best)
}

/// A rollout move: the heuristic's, or with probability [`ROLLOUT_NOISE`] a uniformly
/// random legal card.
pub fn noisy(legal: CardSet, heuristic: Option<Card>, rng: &mut Rng) -> Option<Card> {
    // 2^53 draws: exact enough for a 10% coin.
    #[allow(clippy::cast_precision_loss)]
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    if u < ROLLOUT_NOISE || heuristic.is_none() {
        legal.nth(rng.below(legal.count()))
    } else {
        heuristic
    }
}
