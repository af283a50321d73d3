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

/// The settings of an [`ismcts`] bot.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Ismcts {
    /// Iterations per decision (1..=1,000,000), each on a freshly sampled world.
    pub iterations: u32,
}

impl Default for Ismcts {
    fn default() -> Ismcts {
        Ismcts { iterations: 1000 }
    }
}

/// The exploration constant of [`ismcts`]'s selection (rewards lie in 0..=1).
pub const EXPLORATION: f64 = 0.7;

/// A game [`ismcts`] can search: a full state (a sampled world) stepped card by card.
pub trait Determinized: Clone {
    /// The seat to play, `None` once the hand is over.
    fn mover(&self) -> Option<u8>;
    /// The legal plays.
    fn legal(&self) -> CardSet;
    /// Plays a legal card.
    fn play(&mut self, card: Card);
    /// A rollout move ([`noisy`] over the game's heuristic).
    fn rollout_move(&self, rng: &mut Rng) -> Option<Card>;
    /// Each seat's reward for the finished hand, in 0..=1 (higher is better).
    fn rewards(&self) -> [f64; 8];
}

/// One node of the single-observer tree: reached by a play of the parent's mover.
#[derive(Clone, Debug)]
struct Node {
    /// The card that leads here (none at the root).
    card: Option<Card>,
    /// Times selected, and times available for selection (its card was legal).
    visits: u32,
    available: u32,
    /// The sum of the rewards of the seat that played `card`.
    reward: f64,
    /// Children by index.
    children: Vec<usize>,
}

/// Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
/// 2012): one tree over the observer's information sets, every seat's plays its edges;
/// each iteration samples a world with `sample`, descends by UCB among the children legal
/// in that world (counting their availability), expands one untried play, rolls out to the
/// end and credits each node's reward to the seat that made its play. The most visited play
/// at the root is made (ties: the lowest card id). Draws only from `rng`.
pub fn ismcts<G: Determinized>(
    params: &Ismcts,
    sample: &mut dyn FnMut(&mut Rng) -> G,
    rng: &mut Rng,
) -> Option<Card> {
    let root_state = sample(rng);
    let legal = root_state.legal();
    let first = legal.first()?;
    if legal.count() == 1 {
        return Some(first);
    }
    let mut nodes = vec![Node {
        card: None,
        visits: 0,
        available: 0,
        reward: 0.0,
        children: Vec::new(),
    }];
    // The seat that made each node's play, recorded on the way down.
    let mut path: Vec<(usize, u8)> = Vec::new();
    for _ in 0..params.iterations {
        let mut s = sample(rng);
        let mut at = 0;
        path.clear();
        path.push((0, u8::MAX));
        // Selection and expansion.
        while let Some(mover) = s.mover() {
            let legal = s.legal();
            let tried: CardSet = nodes[at]
                .children
                .iter()
                .filter_map(|&c| nodes[c].card)
                .collect();
            let untried = legal - tried;
            for i in 0..nodes[at].children.len() {
                let c = nodes[at].children[i];
                if nodes[c].card.is_some_and(|card| legal.contains(card)) {
                    nodes[c].available += 1;
                }
            }
            if !untried.is_empty() {
                let card = untried.nth(rng.below(untried.count()))?;
                nodes.push(Node {
                    card: Some(card),
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    children: Vec::new(),
                });
                let child = nodes.len() - 1;
                nodes[at].children.push(child);
                s.play(card);
                path.push((child, mover));
                break;
            }
            let mut best = None;
            let mut best_value = f64::NEG_INFINITY;
            for &c in &nodes[at].children {
                let n = &nodes[c];
                let Some(card) = n.card else { continue };
                if !legal.contains(card) {
                    continue;
                }
                let v = n.reward / f64::from(n.visits.max(1))
                    + EXPLORATION
                        * (f64::from(n.available.max(1)).ln() / f64::from(n.visits.max(1))).sqrt();
                if v > best_value {
                    best_value = v;
                    best = Some(c);
                }
            }
            let Some(c) = best else { break };
            let Some(card) = nodes[c].card else { break };
            s.play(card);
            at = c;
            path.push((c, mover));
        }
        // Simulation.
        while s.mover().is_some() {
            let Some(c) = s.rollout_move(rng) else { break };
            s.play(c);
        }
        // Backpropagation.
        let rewards = s.rewards();
        for &(node, mover) in &path {
            nodes[node].visits += 1;
            if mover != u8::MAX {
                nodes[node].reward += rewards[usize::from(mover)];
            }
        }
    }
    let mut best = first;
    let mut most = 0;
    for &c in &nodes[0].children {
        let n = &nodes[c];
        let Some(card) = n.card else { continue };
        if legal.contains(card) && (n.visits > most || (n.visits == most && card.id() < best.id()))
        {
            most = n.visits;
            best = card;
        }
    }
    Some(best)
}
