//! The exact open-hand ("double-dummy") solver of the trick-taking games (docs/solver.md):
//! with every hand face up, the exact value of each legal play under an objective.
//!
//! The search is game-agnostic. A game supplies a [`Problem`]: a small `Copy` [`Position`]
//! that plays cards by the game's rules, the objective read off a finished hand, who plays
//! to raise it, cheap bounds, and the transposition-table key of a position at a trick
//! boundary. [`Solver`] then runs:
//!
//! - zero-window searches ("is the value ≥ t?") combined by bisection into exact values,
//!   each one stopping as soon as its answer is proven;
//! - moves collapsed by rank equivalence: two cards of one hand and one suit with no card of
//!   another hand or of the trick between them are one move (their values are equal), as
//!   long as the game scores them alike ([`Problem::same_score`]);
//! - a transposition table at trick boundaries holding proven lower and upper bounds, kept
//!   between calls while the problem (game, rules, seat, objective) is the same, bounded in
//!   memory, with the best move of each entry tried first;
//! - the problem's bounds checked at each trick boundary, and its move ordering.
//!
//! [`minimax`] is the plain search without any of that, the yardstick the solver is tested
//! against.

use crate::batch::Stop;
use crate::core::{BitOps, Bmi2, Card, CardSet, Portable, Trick, TrickTaking};
use std::any::Any;
use std::fmt::Debug;

/// The most move classes of one position: a hand holds at most 18 cards (Hearts, 3 players,
/// `deal_all`), and jokers add none to that.
const MAX_MOVES: usize = 20;

/// A position of a hand in play, small and `Copy`: the search copies it and plays on the
/// copy.
pub trait Position: Copy + Debug + Send + Sync {
    /// The seat to play (meaningful until the hand is over).
    fn to_play(&self) -> u8;
    /// Whether the hand is over.
    fn is_over(&self) -> bool;
    /// The legal plays of the seat to play.
    fn legal(&self) -> CardSet;
    /// Plays a legal card.
    fn play(&mut self, card: Card);
    /// The trick being played (empty at a trick boundary).
    fn trick(&self) -> &Trick;
    /// The cards each seat holds, indexed by seat.
    fn hands(&self) -> &[CardSet];
}

/// A transposition-table key: the hands by relative rank as the owner of each card still
/// held (three bit planes of the owner's seat, the cards in id order with the played ones
/// squeezed out, and in their high bits how many cards of each suit group are held), and
/// the problem's word.
type Key = [u64; 4];

/// The rank of `card` among the cards of `live` of its suit (the jokers count with the
/// spades): 0 for the lowest. What the table's keys hold instead of card ids, so that
/// positions differing only in which lower cards were played share their entries.
#[inline]
pub fn relative_rank(live: CardSet, card: Card) -> u32 {
    let below = (1u64 << card.id()) - 1;
    (live.0 & GROUPS[usize::from(group(card.id()))] & below).count_ones()
}

/// The cards of each suit group: clubs, diamonds, hearts, and the spades with the jokers.
pub const GROUPS: [u64; 4] = [0x1fff, 0x1fff << 13, 0x1fff << 26, 0x7fff << 39];

/// The key of `pos` at a trick boundary and its value's offset (see [`Key`]), or `None`.
fn key_of<P: Problem>(problem: &P, pos: &P::Pos, bits: Option<Bmi2>) -> Option<(Key, i32)> {
    let hands = pos.hands();
    let live = live(pos);
    let (word, offset) = problem.summary(pos, live)?;
    let mut key = [0u64, 0, 0, word];
    for (seat, h) in hands.iter().enumerate().skip(1) {
        let packed = match bits {
            Some(b) => b.compress(h.0, live.0),
            None => Portable.compress(h.0, live.0),
        };
        for (plane, k) in key[..3].iter_mut().enumerate() {
            if seat >> plane & 1 != 0 {
                *k |= packed;
            }
        }
    }
    // 52 cards at most: 12 free bits on top of each plane hold the 4-bit group counts.
    for (g, &mask) in GROUPS.iter().enumerate() {
        let count = u64::from((live.0 & mask).count_ones());
        key[g % 3] |= count << (52 + 4 * (g / 3));
    }
    Some((key, offset))
}

/// The cards still held.
fn live<T: Position>(pos: &T) -> CardSet {
    pos.hands().iter().fold(CardSet::EMPTY, |a, &h| a | h)
}

/// A move stored in the table by its suit group and relative rank.
fn encode_move(live: CardSet, card: Card) -> u8 {
    (group(card.id()) << 4) | relative_rank(live, card) as u8
}

/// The card of `live` a stored move stands for.
fn decode_move(live: CardSet, code: u8) -> Option<Card> {
    let mask = live.0 & GROUPS.get(usize::from(code >> 4))?;
    CardSet(mask).into_iter().nth(usize::from(code & 15))
}

/// What to solve: one game's positions, one objective, one seat. Two equal problems share
/// a [`Solver`]'s table; a different one clears it.
pub trait Problem: Debug + Clone + PartialEq + Send + Sync + 'static {
    /// The game's position.
    type Pos: Position;

    /// Whether `mover` plays to raise the objective (else to lower it).
    fn maximizes(&self, mover: u8) -> bool;

    /// The objective of a finished hand.
    fn leaf(&self, pos: &Self::Pos) -> i32;

    /// Bounds `(lo, hi)` on the exact value of `pos` (a position in play), cheap to compute.
    fn bounds(&self, pos: &Self::Pos) -> (i32, i32);

    /// The problem's word of the key of `pos`, at a trick boundary, and the offset of its
    /// value (`value - offset` is what the table stores); `None` when the position is not to
    /// be stored. The rest of the key is the hands by relative rank (the order of the cards
    /// still held, suit by suit, and who holds each: [`relative_rank`]), so two positions
    /// whose hands are alike in that way and whose words are equal must have the same value
    /// up to their offsets. A card the objective values unlike the others of its suit must
    /// be told apart in the word (by its relative rank, say) while it is held.
    fn summary(&self, pos: &Self::Pos, live: CardSet) -> Option<(u64, i32)>;

    /// Whether the objective values the two cards (of one suit) alike, so that adjacent
    /// ones are one move.
    fn same_score(&self, a: Card, b: Card) -> bool;

    /// The order in which to try the moves of `pos`: higher first. Any order gives the
    /// same values; a good one proves them sooner.
    fn priority(&self, pos: &Self::Pos, card: Card) -> i32;
}

/// Why a solve was refused or did not finish.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// The hand is not in its play phase (passing, bidding or over).
    #[error("solve needs a hand in phase \"play\"; this {game} is in phase \"{phase}\"")]
    NotInPlay {
        /// `HeartsState` or `SpadesState`.
        game: &'static str,
        /// The phase's name.
        phase: &'static str,
    },
    /// The seat is not at the table.
    #[error("seat = {seat} is out of range; allowed: seats 0..{last} or None", last = .players - 1)]
    NoSuchSeat {
        /// The seat given.
        seat: u8,
        /// The players at the table.
        players: u8,
    },
    /// The objective is not one of the game's.
    #[error("objective {name:?} is not an objective of {game}; allowed: {allowed}")]
    NoSuchObjective {
        /// The name given.
        name: String,
        /// The game.
        game: &'static str,
        /// The game's objectives, comma-separated.
        allowed: &'static str,
    },
    /// The table could not be allocated.
    #[error("the solver's table of {0} bytes could not be allocated; give a smaller memory")]
    OutOfMemory(usize),
    /// A stop was requested.
    #[error("interrupted")]
    Interrupted,
}

/// The exact open-hand values of one position.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Solution {
    /// The value of the position.
    pub value: i32,
    /// Each legal play of the seat to play with the value after it, by card id.
    pub moves: Vec<(Card, i32)>,
    /// The positions the search visited, the given one included.
    pub nodes: u64,
}

impl Solution {
    /// The plays optimal for the seat to play, in card order.
    pub fn best(&self) -> CardSet {
        self.moves
            .iter()
            .filter(|&&(_, v)| v == self.value)
            .map(|&(c, _)| c)
            .collect()
    }
}

/// One slot of the table: the proven bounds of the stored value (`value - offset`).
#[derive(Copy, Clone, Debug)]
struct Entry {
    key: Key,
    lo: i32,
    hi: i32,
    /// The move that proved the last answer, tried first (255: none).
    best: u8,
    /// The table generation the entry belongs to (0: empty).
    generation: u16,
    /// Nodes searched to fill it (log2, saturating): a replacement priority.
    work: u8,
}

const EMPTY_ENTRY: Entry = Entry {
    key: [0; 4],
    lo: 0,
    hi: 0,
    best: 255,
    generation: 0,
    work: 0,
};

/// Tricks left at a boundary below which the table is neither probed nor filled.
const SHALLOW: u32 = 1;

/// Entries per bucket: a key goes to one bucket and replaces its least worked entry.
const WAYS: usize = 4;

/// The transposition table: buckets of [`WAYS`] entries, allocated on first use.
#[derive(Debug)]
struct Table {
    entries: Vec<Entry>,
    /// Entries the memory allows (a multiple of [`WAYS`], at least one bucket).
    capacity: usize,
    generation: u16,
}

impl Table {
    fn new(memory: usize) -> Table {
        let buckets = (memory / (WAYS * std::mem::size_of::<Entry>())).max(1);
        Table {
            entries: Vec::new(),
            capacity: buckets * WAYS,
            generation: 1,
        }
    }

    fn allocate(&mut self) -> Result<(), SolveError> {
        if self.entries.is_empty() {
            let bytes = self.capacity * std::mem::size_of::<Entry>();
            self.entries
                .try_reserve_exact(self.capacity)
                .map_err(|_| SolveError::OutOfMemory(bytes))?;
            self.entries.resize(self.capacity, EMPTY_ENTRY);
        }
        Ok(())
    }

    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.generation = 1;
            self.entries.fill(EMPTY_ENTRY);
        }
    }

    fn bucket(&self, key: &Key) -> usize {
        let mut h = 0u64;
        for &w in key {
            h = crate::core::mix64(h ^ w);
        }
        (h % (self.entries.len() / WAYS) as u64) as usize * WAYS
    }

    fn get(&self, key: &Key) -> Option<&Entry> {
        let b = self.bucket(key);
        self.entries[b..b + WAYS]
            .iter()
            .find(|e| e.generation == self.generation && e.key == *key)
    }

    fn put(&mut self, key: &Key, lo: i32, hi: i32, best: u8, work: u64) {
        let b = self.bucket(key);
        let generation = self.generation;
        let bucket = &mut self.entries[b..b + WAYS];
        let slot = match bucket
            .iter()
            .position(|e| e.generation == generation && e.key == *key)
        {
            Some(i) => i,
            None => {
                let mut i = 0;
                for j in 1..WAYS {
                    let worth = |e: &Entry| {
                        if e.generation == generation {
                            e.work
                        } else {
                            0
                        }
                    };
                    if worth(&bucket[j]) < worth(&bucket[i]) {
                        i = j;
                    }
                }
                bucket[i] = Entry {
                    key: *key,
                    lo: i32::MIN,
                    hi: i32::MAX,
                    best: 255,
                    generation,
                    work: 0,
                };
                i
            }
        };
        let e = &mut bucket[slot];
        e.lo = e.lo.max(lo);
        e.hi = e.hi.min(hi);
        e.best = best;
        e.work = e.work.max(64 - work.leading_zeros() as u8);
    }
}

/// The open-hand solver: a transposition table kept between calls, so that solving many
/// similar positions of one problem (the sampled worlds of one decision) reuses work.
#[derive(Debug)]
pub struct Solver {
    table: Table,
    problem: Option<Box<dyn Any + Send + Sync>>,
    bits: Option<Bmi2>,
}

/// The default memory of a [`Solver`]'s table: 64 MiB.
pub const DEFAULT_MEMORY: usize = 64 << 20;

impl Default for Solver {
    fn default() -> Solver {
        Solver::new(DEFAULT_MEMORY)
    }
}

impl Solver {
    /// A solver whose table uses at most about `memory` bytes (at least one bucket of a few
    /// hundred bytes), allocated at the first solve.
    pub fn new(memory: usize) -> Solver {
        Solver {
            table: Table::new(memory),
            problem: None,
            bits: Bmi2::detect(),
        }
    }

    /// The bytes the table uses once allocated.
    pub fn memory(&self) -> usize {
        self.table.capacity * std::mem::size_of::<Entry>()
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.clear();
        self.problem = None;
    }

    /// The exact value of `pos` (a position in play) and of each of its legal plays under
    /// `problem`. Checks `stop` every few thousand positions.
    pub fn solve<P: Problem>(
        &mut self,
        problem: &P,
        pos: &P::Pos,
        stop: &Stop,
    ) -> Result<Solution, SolveError> {
        self.solve_polled(problem, pos, &mut || stop.requested())
    }

    /// [`Solver::solve`] that asks `interrupted` every few thousand positions whether to
    /// stop (a caller can check for signals there, at the pace it likes).
    pub fn solve_polled<P: Problem>(
        &mut self,
        problem: &P,
        pos: &P::Pos,
        interrupted: &mut dyn FnMut() -> bool,
    ) -> Result<Solution, SolveError> {
        self.table.allocate()?;
        let same = self
            .problem
            .as_ref()
            .and_then(|p| p.downcast_ref::<P>())
            .is_some_and(|p| p == problem);
        if !same {
            self.table.clear();
            self.problem = Some(Box::new(problem.clone()));
        }
        let mut search = Search {
            problem,
            table: &mut self.table,
            nodes: 1,
            bits: self.bits,
            interrupted,
            stopped: false,
        };
        let (reps, n) = search.moves(pos);
        let mut class_values = [0i32; MAX_MOVES];
        let (lo, hi) = problem.bounds(pos);
        let mut guess = lo + (hi - lo) / 2;
        for (i, &card) in reps[..n].iter().enumerate() {
            let mut child = *pos;
            child.play(card);
            class_values[i] = search.exact(&child, guess);
            guess = class_values[i];
        }
        if search.stopped {
            return Err(SolveError::Interrupted);
        }
        let maximizes = problem.maximizes(pos.to_play());
        let values = &class_values[..n];
        let value = if maximizes {
            values.iter().copied().max()
        } else {
            values.iter().copied().min()
        }
        .unwrap_or_else(|| problem.leaf(pos));
        let mut moves: Vec<(Card, i32)> = pos
            .legal()
            .into_iter()
            .map(|c| (c, values[search.class_of(pos, c, &reps[..n])]))
            .collect();
        moves.sort_unstable_by_key(|&(c, _)| c.id());
        Ok(Solution {
            value,
            moves,
            nodes: search.nodes,
        })
    }
}

/// One solve's search state.
struct Search<'a, P: Problem> {
    problem: &'a P,
    table: &'a mut Table,
    nodes: u64,
    bits: Option<Bmi2>,
    interrupted: &'a mut dyn FnMut() -> bool,
    stopped: bool,
}

/// Card ids strictly between `a` and `b` (`a < b`).
#[inline]
fn between(a: u8, b: u8) -> u64 {
    ((1u64 << b) - 1) & !((2u64 << a) - 1)
}

/// The suit group of a card id for rank equivalence: the four suits, with the jokers (52,
/// 53) above the spades as in Spades.
#[inline]
fn group(id: u8) -> u8 {
    (id / 13).min(3)
}

impl<P: Problem> Search<'_, P> {
    /// The cards held by the other seats or on the table: what separates equivalent cards.
    fn others(pos: &P::Pos) -> u64 {
        let mover = pos.to_play();
        let mut live = pos.trick().cards().0;
        for (s, h) in pos.hands().iter().enumerate() {
            if s != usize::from(mover) {
                live |= h.0;
            }
        }
        live
    }

    /// Whether `a < b`, two cards of the mover, are one move.
    #[inline]
    fn equivalent(&self, others: u64, a: Card, b: Card) -> bool {
        group(a.id()) == group(b.id())
            && others & between(a.id(), b.id()) == 0
            && self.problem.same_score(a, b)
    }

    /// One card of each move class of `pos` (the highest of the class), in the order to try.
    fn moves(&self, pos: &P::Pos) -> ([Card; MAX_MOVES], usize) {
        let others = Self::others(pos);
        let mut reps = [Card::TWO_OF_CLUBS; MAX_MOVES];
        let mut n = 0;
        let mut prev: Option<Card> = None;
        for c in pos.legal() {
            match prev {
                Some(p) if self.equivalent(others, p, c) => reps[n - 1] = c,
                _ => {
                    reps[n] = c;
                    n += 1;
                }
            }
            prev = Some(c);
        }
        let mut prio = [0i32; MAX_MOVES];
        for i in 0..n {
            prio[i] = self.problem.priority(pos, reps[i]);
        }
        // Insertion sort by priority, highest first; ties keep card order.
        for i in 1..n {
            let mut j = i;
            while j > 0 && prio[j - 1] < prio[j] {
                prio.swap(j - 1, j);
                reps.swap(j - 1, j);
                j -= 1;
            }
        }
        (reps, n)
    }

    /// The index in `reps` of the class holding `card`.
    fn class_of(&self, pos: &P::Pos, card: Card, reps: &[Card]) -> usize {
        let others = Self::others(pos);
        reps.iter()
            .position(|&r| {
                r == card
                    || (r.id() < card.id() && self.equivalent(others, r, card))
                    || (card.id() < r.id() && self.equivalent(others, card, r))
            })
            .expect("every legal card is in a class")
    }

    /// The exact value of `pos`, by zero-window searches: from `guess`, steps growing
    /// away from it until the value is bracketed, then bisection.
    fn exact(&mut self, pos: &P::Pos, guess: i32) -> i32 {
        if pos.is_over() {
            self.nodes += 1;
            return self.problem.leaf(pos);
        }
        let (mut lo, mut hi) = self.problem.bounds(pos);
        if lo >= hi {
            return lo;
        }
        let t = guess.clamp(lo + 1, hi);
        let up = self.at_least(pos, t);
        if up {
            lo = t;
        } else {
            hi = t - 1;
        }
        let mut step = 1i32;
        while lo < hi && !self.stopped {
            let t = if up {
                lo.saturating_add(step).min(hi)
            } else {
                hi.saturating_sub(step - 1).max(lo + 1)
            };
            let r = self.at_least(pos, t);
            if r {
                lo = t;
            } else {
                hi = t - 1;
            }
            if r != up {
                break;
            }
            step = step.saturating_mul(2);
        }
        while lo < hi && !self.stopped {
            let mid = lo + (hi - lo + 1) / 2;
            if self.at_least(pos, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// Whether the value of `pos` is at least `t`.
    fn at_least(&mut self, pos: &P::Pos, t: i32) -> bool {
        self.nodes += 1;
        if self.nodes.trailing_zeros() >= 12 && (self.interrupted)() {
            self.stopped = true;
        }
        if self.stopped {
            return false;
        }
        if pos.is_over() {
            return self.problem.leaf(pos) >= t;
        }
        let mut stored = None;
        let mut first = 255u8;
        if pos.trick().is_empty() {
            let (lo, hi) = self.problem.bounds(pos);
            if lo >= t {
                return true;
            }
            if hi < t {
                return false;
            }
            // The last tricks are searched faster than a table is probed.
            let worth = pos.hands()[usize::from(pos.to_play())].count() > SHALLOW;
            if let Some((key, offset)) = worth
                .then(|| key_of(self.problem, pos, self.bits))
                .flatten()
            {
                if let Some(e) = self.table.get(&key) {
                    if e.lo.saturating_add(offset) >= t {
                        return true;
                    }
                    if e.hi.saturating_add(offset) < t {
                        return false;
                    }
                    first = decode_move(live(pos), e.best).map_or(255, Card::id);
                }
                stored = Some((key, offset));
            }
        }
        let start = self.nodes;
        let maximizes = self.problem.maximizes(pos.to_play());
        let (mut reps, n) = self.moves(pos);
        if let Some(i) = reps[..n].iter().position(|c| c.id() == first) {
            reps[..=i].rotate_right(1);
        }
        // A maximizer proves "≥ t" with one move; a minimizer refutes it with one.
        let mut result = !maximizes;
        let mut proof = reps[0];
        for &card in &reps[..n] {
            let mut child = *pos;
            child.play(card);
            if self.at_least(&child, t) == maximizes {
                result = maximizes;
                proof = card;
                break;
            }
        }
        if self.stopped {
            return false;
        }
        if let Some((key, offset)) = stored {
            let (lo, hi) = if result {
                (t - offset, i32::MAX)
            } else {
                (i32::MIN, t - 1 - offset)
            };
            let best = encode_move(live(pos), proof);
            self.table.put(&key, lo, hi, best, self.nodes - start);
        }
        result
    }
}

/// The plain minimax value of `state` and of each legal play, with no pruning, bound, table
/// or move merging: every play sequence to the end of the hand. `leaf` reads the objective
/// off a finished hand and `maximizes(mover)` says who raises it. Exponential: for small
/// endgames and for testing the solver.
pub fn minimax<G: TrickTaking>(
    state: &G,
    leaf: &dyn Fn(&G) -> i32,
    maximizes: &dyn Fn(u8) -> bool,
) -> (i32, Vec<(Card, i32)>) {
    fn value<G: TrickTaking>(
        g: &G,
        leaf: &dyn Fn(&G) -> i32,
        maximizes: &dyn Fn(u8) -> bool,
    ) -> i32 {
        let Some(mover) = g.to_play() else {
            return leaf(g);
        };
        let values = g.legal_plays().into_iter().map(|c| {
            let mut next = g.clone();
            next.play_unchecked(c);
            value(&next, leaf, maximizes)
        });
        if maximizes(mover.index() as u8) {
            values.max()
        } else {
            values.min()
        }
        .unwrap_or_else(|| leaf(g))
    }
    let moves: Vec<(Card, i32)> = state
        .legal_plays()
        .into_iter()
        .map(|c| {
            let mut next = state.clone();
            next.play_unchecked(c);
            (c, value(&next, leaf, maximizes))
        })
        .collect();
    let mover = state.to_play().map_or(0, |s| s.index() as u8);
    let values = moves.iter().map(|&(_, v)| v);
    let best = if maximizes(mover) {
        values.max()
    } else {
        values.min()
    };
    (best.unwrap_or_else(|| leaf(state)), moves)
}
