//! Search bots for the trick-taking games, written once over any game: perfect-information
//! Monte Carlo ([`pimc`]) samples worlds from what the seat knows (`crate::info`) and values
//! each legal play in every world, by rollouts or by the exact solver (`crate::solve`).
//!
//! A bot never sees a hidden card: the game hands [`pimc`] a sampler of worlds built from
//! the seat's observation alone.

use crate::batch::Stop;
use crate::core::{Card, CardSet, Rng, Seat, TrickTaking};
use crate::info::{Hidden, Worlds};
use crate::solve::{Problem, Solver};
use std::cell::RefCell;

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

/// A trick game the search bots play: what a seat knows, the full state of a world that
/// agrees with it, the solver's objective, a rollout move and each seat's reward. Hearts
/// and Spades implement it in their `policy.rs`; [`pimc_play`] and [`ismcts_play`] are
/// written once over it.
pub trait SearchGame: TrickTaking + Sized {
    /// What one seat knows (`HeartsInfo`, `SpadesInfo`).
    type Info;
    /// The solver's problem of the seat's objective.
    type Problem: Problem;
    /// Whether the seat raises the objective (Spades' team score) or lowers it (Hearts'
    /// points).
    const MAXIMIZE: bool;
    /// The observing seat and where its unseen cards may be.
    fn observer(info: &Self::Info) -> (u8, Hidden);
    /// The full state of the world `hands` (every seat's hand now) of `info`.
    fn world(info: &Self::Info, hands: &[CardSet]) -> Option<Self>;
    /// The solver's problem of `seat`'s objective in this state.
    fn problem(&self, seat: u8) -> Option<Self::Problem>;
    /// This state as the problem's position.
    fn position(&self) -> <Self::Problem as Problem>::Pos;
    /// The game's heuristic play, if it has one here.
    fn heuristic(&self) -> Option<Card>;
    /// Each seat's reward for the finished hand, in 0..=1, higher better.
    fn rewards(&self) -> [f64; 8];
}

thread_local! {
    /// The solver of this thread's search bots: its table is kept between decisions (the
    /// solver clears it when the problem changes), allocated at the first solve.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new(16 << 20));
}

/// The worlds of one decision.
struct Sampled<'a, G: SearchGame> {
    info: &'a G::Info,
    seat: u8,
    sampler: Worlds,
    problem: Option<G::Problem>,
}

impl<G: SearchGame> Sampled<'_, G> {
    fn new(info: &G::Info) -> Option<Sampled<'_, G>> {
        let (seat, hidden) = G::observer(info);
        Some(Sampled {
            info,
            seat,
            sampler: Worlds::new(hidden).ok()?,
            problem: None,
        })
    }

    /// A world drawn exactly uniformly (`None` only if it failed to replay, which the
    /// tests rule out).
    fn sample(&mut self, rng: &mut Rng) -> Option<G> {
        let hands = self.sampler.sample(rng);
        let world = G::world(self.info, &hands)?;
        if self.problem.is_none() {
            self.problem = world.problem(self.seat);
        }
        Some(world)
    }

    /// The objective after `card` and a rollout to the end of the hand.
    fn rollout(&self, world: &G, card: Card, rng: &mut Rng) -> f64 {
        let mut s = world.clone();
        s.play_unchecked(card);
        while s.to_play().is_some() {
            let Some(c) = noisy(s.legal_plays(), s.heuristic(), rng) else {
                break;
            };
            s.play_unchecked(c);
        }
        self.problem
            .as_ref()
            .map_or(0.0, |p| f64::from(p.leaf(&s.position())))
    }

    /// Each legal play's exact value, once at most `solve_tricks` tricks are left.
    fn exact(&self, world: &G, solve_tricks: u8) -> Option<Vec<(Card, i32)>> {
        let seat = Seat::new_unchecked(self.seat);
        if world.hand(seat).count() > u32::from(solve_tricks) {
            return None;
        }
        let problem = self.problem.as_ref()?;
        let pos = world.position();
        SOLVER.with(|solver| {
            let solution = solver
                .borrow_mut()
                .solve(problem, &pos, &Stop::new())
                .ok()?;
            Some(solution.moves)
        })
    }
}

/// The play of the `pimc` bot for the observing seat of `info` (its turn in the play
/// phase): perfect-information Monte Carlo over `params.worlds` worlds sampled exactly
/// uniformly from `info`, each legal play valued in each world by `params.rollouts`
/// rollouts or by the solver (the game's objective for the seat: [`SearchGame::problem`]).
/// The play with the best mean is made; ties go to the lowest card id. Reads nothing but
/// `info`; draws one number from `rng` and searches with a generator seeded by it.
pub fn pimc_play<G: SearchGame>(info: &G::Info, params: &Pimc, rng: &mut Rng) -> Option<Card> {
    let mut own = Rng::new(rng.next_u64());
    let mut worlds = Sampled::<G>::new(info)?;
    // The legal plays are the same in every world: the seat's hand and the public state.
    let legal = worlds.sample(&mut Rng::new(0))?.legal_plays();
    let first = legal.first()?;
    if legal.count() == 1 {
        return Some(first);
    }
    let mut total = [0f64; 64];
    for _ in 0..params.worlds {
        let Some(world) = worlds.sample(&mut own) else {
            continue;
        };
        let exact = match params.evaluator {
            Evaluator::Solve => worlds.exact(&world, params.solve_tricks),
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
                            worlds.rollout(&world, c, &mut own) / f64::from(params.rollouts);
                    }
                }
            }
        }
    }
    let mut best = first;
    for c in legal {
        let (v, b) = (total[usize::from(c.id())], total[usize::from(best.id())]);
        if (G::MAXIMIZE && v > b) || (!G::MAXIMIZE && v < b) {
            best = c;
        }
    }
    Some(best)
}

/// The play of the `ismcts` bot for the observing seat of `info`: [`ismcts`] over worlds
/// sampled exactly uniformly from `info`, rollouts by [`noisy`] over the game's heuristic,
/// rewards from [`SearchGame::rewards`]. Reads nothing but `info`; draws one number from
/// `rng` and searches with a generator seeded by it.
pub fn ismcts_play<G: SearchGame>(info: &G::Info, params: &Ismcts, rng: &mut Rng) -> Option<Card> {
    let mut own = Rng::new(rng.next_u64());
    let mut worlds = Sampled::<G>::new(info)?;
    let first = worlds.sample(&mut Rng::new(0))?;
    let mut sample = |r: &mut Rng| Searched(worlds.sample(r).unwrap_or_else(|| first.clone()));
    ismcts(params, &mut sample, &mut own)
}

/// A world of a [`SearchGame`] as [`ismcts`] steps it.
#[derive(Clone)]
struct Searched<G>(G);

impl<G: SearchGame> Determinized for Searched<G> {
    fn mover(&self) -> Option<u8> {
        self.0.to_play().map(Seat::id)
    }
    fn legal(&self) -> CardSet {
        self.0.legal_plays()
    }
    fn play(&mut self, card: Card) {
        self.0.play_unchecked(card);
    }
    fn rollout_move(&self, rng: &mut Rng) -> Option<Card> {
        noisy(self.0.legal_plays(), self.0.heuristic(), rng)
    }
    fn rewards(&self) -> [f64; 8] {
        self.0.rewards()
    }
}

/// A rollout move: the heuristic's, or with probability [`ROLLOUT_NOISE`] a uniformly
/// random legal card.
pub fn noisy(legal: CardSet, heuristic: Option<Card>, rng: &mut Rng) -> Option<Card> {
    if legal.is_empty() {
        return None;
    }
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
