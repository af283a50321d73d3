//! Reinforcement-learning environments (docs/environments.md), written once for every
//! trick-taking game: the encodings' shared vocabulary ([`Kind`], [`Layout`], [`Writer`]),
//! the [`EnvGame`] trait a game implements (one episode: a hand or a whole game, with a
//! fixed discrete action space), and [`VectorEnv`], which steps many episodes at once with
//! the learner's actions, plays the other seats with the package's policies, and writes
//! observations, legal-action masks and rewards into caller-owned buffers.

// Tensor elements are small counts and flags; totals beyond 2^24 lose their last digits.
#![allow(clippy::cast_precision_loss)]

use crate::core::{policy_rng, CardSet, Rng};

/// Most seats at any table of the environments (Hearts: 7).
pub const MAX_SEATS: usize = 7;

/// Which tensor: what the seat sees now, or everything it has seen.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Kind {
    /// The compact observation of the position.
    Observation,
    /// The observation followed by the whole history of plays.
    InfoState,
}

impl Kind {
    /// Every kind, in the order of their names.
    pub const ALL: [Kind; 2] = [Kind::Observation, Kind::InfoState];
    /// `"observation"` or `"info_state"`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Observation => "observation",
            Kind::InfoState => "info_state",
        }
    }
    /// The kind named `s`.
    pub fn from_name(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// Which arrangement of the tensor: this package's, or OpenSpiel's.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Layout {
    /// The package's layout (docs/environments.md), versioned by [`LAYOUT_VERSION`].
    Compact,
    /// OpenSpiel's tensor, element for element (docs/openspiel-layout.md).
    OpenSpiel,
}

impl Layout {
    /// Every layout, in the order of their names.
    pub const ALL: [Layout; 2] = [Layout::Compact, Layout::OpenSpiel];
    /// `"compact"` or `"openspiel"`.
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Compact => "compact",
            Layout::OpenSpiel => "openspiel",
        }
    }
    /// The layout named `s`.
    pub fn from_name(s: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// The version of the compact layouts: raised whenever a field moves, so that a trained
/// agent can check it reads the tensor it was trained on.
pub const LAYOUT_VERSION: u32 = 1;

/// How rewards are paid.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Reward {
    /// The hand's result, paid when the hand ends.
    Hand,
    /// Part of the result as each trick is won, the rest when the hand ends: the rewards of
    /// a hand add up to its result.
    Trick,
}

impl Reward {
    /// `"hand"` or `"trick"`.
    pub const fn name(self) -> &'static str {
        match self {
            Reward::Hand => "hand",
            Reward::Trick => "trick",
        }
    }
    /// The reward mode named `s`.
    pub fn from_name(s: &str) -> Option<Reward> {
        [Reward::Hand, Reward::Trick]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

/// What one episode is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Episode {
    /// One hand.
    Hand,
    /// A whole game, hand after hand until it ends (or `max_hands` hands: truncated).
    Game {
        /// Hands after which an unfinished game is truncated.
        max_hands: Option<u32>,
    },
}

/// Byte `b` as eight flags, bit 0 first.
static BOOLS: [[bool; 8]; 256] = {
    let mut t = [[false; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b][i] = b >> i & 1 != 0;
            i += 1;
        }
        b += 1;
    }
    t
};

impl Episode {
    /// After the episode's `hands`-th hand ended (`game_over`: its game ended with it):
    /// whether the episode is over, and whether it was cut at its hand limit.
    pub const fn after_hand(self, hands: u32, game_over: bool) -> (bool, bool) {
        match self {
            Episode::Hand => (true, false),
            Episode::Game { .. } if game_over => (true, false),
            Episode::Game { max_hands: Some(m) } if hands >= m => (true, true),
            Episode::Game { .. } => (false, false),
        }
    }
}

/// A cursor writing one tensor field after another. The tensor is zeroed first (one
/// `memset`), so that each field only writes its non-zero elements: most are zero.
#[derive(Debug)]
pub struct Writer<'a> {
    out: &'a mut [f32],
    pos: usize,
}

impl<'a> Writer<'a> {
    /// A writer at the start of `out`, which it zeroes.
    pub fn new(out: &'a mut [f32]) -> Writer<'a> {
        out.fill(0.0);
        Writer { out, pos: 0 }
    }

    /// Where the next field starts.
    pub const fn pos(&self) -> usize {
        self.pos
    }

    /// The next `width` elements (none past the end: `finish` then reports the overrun).
    #[inline]
    fn field(&mut self, width: usize) -> &mut [f32] {
        let start = self.pos;
        self.pos += width;
        self.out.get_mut(start..start + width).unwrap_or(&mut [])
    }

    /// `width` elements: element `i` is 1 when card id `i` is in `set`.
    #[inline]
    pub fn cards(&mut self, set: CardSet, width: usize) {
        self.bits(set.0, width);
    }

    /// `width` elements, all 0 but element `i` (none when `i` is `None`).
    #[inline]
    pub fn one_hot(&mut self, i: Option<usize>, width: usize) {
        let f = self.field(width);
        if let Some(x) = i.and_then(|i| f.get_mut(i)) {
            *x = 1.0;
        }
    }

    /// `width` elements: element `i` is bit `i` of `bits` (set bits only: the rest is 0).
    #[inline]
    pub fn bits(&mut self, bits: u64, width: usize) {
        let f = self.field(width);
        let mut b = bits;
        while b != 0 {
            if let Some(x) = f.get_mut(b.trailing_zeros() as usize) {
                *x = 1.0;
            }
            b &= b - 1;
        }
    }

    /// One element.
    #[inline]
    pub fn value(&mut self, v: f32) {
        if let Some(x) = self.field(1).first_mut() {
            *x = v;
        }
    }

    /// `width` zeros.
    #[inline]
    pub fn zeros(&mut self, width: usize) {
        self.pos += width;
    }

    /// The whole of `out` when exactly its length was written.
    pub fn finish(self) -> Result<(), String> {
        if self.pos == self.out.len() {
            Ok(())
        } else {
            Err(format!(
                "internal error: the encoding wrote {} elements into a tensor of {}",
                self.pos,
                self.out.len()
            ))
        }
    }
}

/// The seat `seat` as seen from `me` at a table of `n`: 0 for `me`, 1 for its left-hand
/// neighbour (the next to play after it), and so on.
#[inline]
pub const fn relative(seat: u8, me: u8, n: u8) -> usize {
    ((seat + n - me) % n) as usize
}

/// Per-seat rewards paid by one move.
pub type SeatRewards = [f64; MAX_SEATS];

/// One game as an environment: an episode (a hand or a game) with a fixed discrete action
/// space, played by the learner at some seats and by policies at the others.
pub trait EnvGame: Sized + Clone + Send {
    /// Rules, opponents, episode and reward settings.
    type Config: Clone + Send + Sync;

    /// The number of actions (the mask's length).
    const ACTIONS: usize;

    /// Seats at the table.
    fn players(cfg: &Self::Config) -> u8;
    /// The length of the tensor `kind`/`layout`, or why the layout does not apply.
    fn size(cfg: &Self::Config, kind: Kind, layout: Layout) -> Result<usize, String>;
    /// A new episode drawing everything (deals, opponents' choices) from `rng`.
    fn start(cfg: &Self::Config, rng: Rng) -> Self;
    /// The seat to act, `None` once the episode is over.
    fn to_move(&self) -> Option<u8>;
    /// The legal actions of the seat to act, bit `a` for action `a`.
    fn mask(&self) -> u128;
    /// Makes the legal action `action` for the seat to act; adds what it pays to `rewards`.
    fn apply(&mut self, cfg: &Self::Config, action: usize, rewards: &mut SeatRewards);
    /// The seat to act moves with its configured policy; adds what it pays to `rewards`.
    fn auto_move(&mut self, cfg: &Self::Config, rewards: &mut SeatRewards);
    /// Whether the episode was cut at its hand limit (over but not finished).
    fn truncated(&self) -> bool;
    /// Writes what `seat` sees, as `kind`/`layout`, into `out` (exactly `size` long).
    fn encode(
        &self,
        cfg: &Self::Config,
        seat: u8,
        kind: Kind,
        layout: Layout,
        out: &mut [f32],
    ) -> Result<(), String>;
}

/// Why a step was refused; nothing changed.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum StepError {
    /// Wrong number of actions.
    #[error("expected {expected} actions (one per environment), got {got}")]
    Count {
        /// Environments.
        expected: usize,
        /// Actions given.
        got: usize,
    },
    /// An action outside the action space.
    #[error("environment {env}: action {action} is outside the action space 0..{actions}")]
    Range {
        /// The environment.
        env: usize,
        /// The action.
        action: i64,
        /// The size of the action space.
        actions: usize,
    },
    /// An action the mask does not allow.
    #[error("environment {env}: action {action} is not legal for seat {seat}; legal: {legal:?}")]
    Illegal {
        /// The environment.
        env: usize,
        /// The action.
        action: i64,
        /// The seat to act.
        seat: u8,
        /// The legal actions.
        legal: Vec<usize>,
    },
    /// An environment whose episode is over (without automatic reset).
    #[error("environment {0}: its episode is over; call reset() first")]
    Over(usize),
    /// `step` before `reset`.
    #[error("call reset() before step()")]
    NotReset,
}

/// The caller's buffers one `reset` or `step` writes, each row-major with one row per
/// environment.
#[derive(Debug)]
pub struct Buffers<'a> {
    /// `(num_envs, size)`: what the seat to act sees (after an automatic reset: the new
    /// episode's first position).
    pub obs: &'a mut [f32],
    /// `(num_envs, ACTIONS)`: 1 for each legal action.
    pub mask: &'a mut [bool],
    /// `(num_envs,)`: the learner's reward for the step (the mean over its seats).
    pub rewards: &'a mut [f32],
    /// `(num_envs, players)`: each seat's reward for the step.
    pub seat_rewards: &'a mut [f32],
    /// `(num_envs,)`: the episode ended.
    pub terminated: &'a mut [bool],
    /// `(num_envs,)`: the episode was cut at its hand limit.
    pub truncated: &'a mut [bool],
    /// `(num_envs,)`: the seat whose observation `obs` holds (the seat to act).
    pub seat: &'a mut [i8],
    /// `(num_envs, size)`: for an episode that ended, the last observation of the seat that
    /// acted last (rows of the other environments are left as they were).
    pub final_obs: &'a mut [f32],
}

/// Many episodes of one game stepped together.
#[derive(Clone, Debug)]
pub struct VectorEnv<G: EnvGame> {
    cfg: G::Config,
    learners: u8,
    kind: Kind,
    layout: Layout,
    size: usize,
    autoreset: bool,
    seed: u64,
    envs: Vec<G>,
    /// Episodes started per environment (the stream index of the next one).
    episodes: Vec<u64>,
    /// Rewards paid since the learner last acted, per environment and seat.
    pending: Vec<SeatRewards>,
    /// The last seat of the learner to act, per environment.
    last_seat: Vec<u8>,
    /// The legal-action mask of each environment as last written.
    masks: Vec<u128>,
    started: bool,
}

impl<G: EnvGame> VectorEnv<G> {
    /// `num_envs` environments; the learner plays the seats of the bit mask `learners`
    /// (the others move by `cfg`'s policies).
    pub fn new(
        cfg: G::Config,
        num_envs: usize,
        learners: u8,
        seed: u64,
        autoreset: bool,
        kind: Kind,
        layout: Layout,
    ) -> Result<VectorEnv<G>, String> {
        let n = G::players(&cfg);
        let all = ((1u16 << n) - 1) as u8;
        if learners == 0 || learners & !all != 0 {
            return Err(format!(
                "the learner's seats must be a non-empty subset of 0..{}",
                n - 1
            ));
        }
        let size = G::size(&cfg, kind, layout)?;
        // A layout that refuses these rules refuses them here, not at the first reset.
        let mut probe = vec![0.0; size];
        G::start(&cfg, Rng::new(0)).encode(&cfg, 0, kind, layout, &mut probe)?;
        Ok(VectorEnv {
            cfg,
            learners,
            kind,
            layout,
            size,
            autoreset,
            seed,
            envs: Vec::new(),
            episodes: vec![0; num_envs],
            pending: vec![[0.0; MAX_SEATS]; num_envs],
            last_seat: vec![0; num_envs],
            masks: vec![0; num_envs],
            started: false,
        })
        .map(|mut v| {
            v.envs.reserve(num_envs);
            v
        })
    }

    /// The number of environments.
    pub fn num_envs(&self) -> usize {
        self.episodes.len()
    }
    /// The length of one observation.
    pub const fn size(&self) -> usize {
        self.size
    }
    /// The configuration.
    pub const fn config(&self) -> &G::Config {
        &self.cfg
    }
    /// The environments (empty before the first reset).
    pub fn envs(&self) -> &[G] {
        &self.envs
    }
    /// Whether `step` resets finished episodes itself.
    pub const fn autoreset(&self) -> bool {
        self.autoreset
    }

    fn is_learner(&self, seat: u8) -> bool {
        self.learners >> seat & 1 != 0
    }

    /// Starts episode `episodes[i]` of environment `i` and plays the other seats up to the
    /// learner's first move (their rewards wait in `pending`).
    fn start(&mut self, i: usize) {
        let rng = policy_rng(self.seed, ((i as u64) << 32) | self.episodes[i]);
        self.episodes[i] += 1;
        let mut g = G::start(&self.cfg, rng);
        let mut r = [0.0; MAX_SEATS];
        while let Some(s) = g.to_move() {
            if self.is_learner(s) {
                break;
            }
            g.auto_move(&self.cfg, &mut r);
        }
        self.pending[i] = r;
        if let Some(e) = self.envs.get_mut(i) {
            *e = g;
        } else {
            self.envs.push(g);
        }
    }

    /// Writes row `i` of the observation, mask and seat for the seat to act (or, once the
    /// episode is over, for the learner's last seat, with an empty mask).
    fn write_row(&mut self, i: usize, out: &mut Buffers<'_>) -> Result<(), String> {
        let g = &self.envs[i];
        let seat = g.to_move().unwrap_or(self.last_seat[i]);
        let row = &mut out.obs[i * self.size..(i + 1) * self.size];
        g.encode(&self.cfg, seat, self.kind, self.layout, row)?;
        let mask = if g.to_move().is_some() { g.mask() } else { 0 };
        self.masks[i] = mask;
        let row = &mut out.mask[i * G::ACTIONS..(i + 1) * G::ACTIONS];
        let mut chunks = row.chunks_exact_mut(8);
        let mut m = mask;
        for c in &mut chunks {
            c.copy_from_slice(&BOOLS[(m & 0xff) as usize]);
            m >>= 8;
        }
        let rest = chunks.into_remainder();
        let k = rest.len();
        rest.copy_from_slice(&BOOLS[(m & 0xff) as usize][..k]);
        out.seat[i] = seat as i8;
        Ok(())
    }

    /// The buffers' lengths for these settings, checked.
    fn check(&self, out: &Buffers<'_>) -> Result<(), String> {
        let e = self.num_envs();
        let n = usize::from(G::players(&self.cfg));
        let ok = out.obs.len() == e * self.size
            && out.final_obs.len() == e * self.size
            && out.mask.len() == e * G::ACTIONS
            && out.rewards.len() == e
            && out.seat_rewards.len() == e * n
            && out.terminated.len() == e
            && out.truncated.len() == e
            && out.seat.len() == e;
        if ok {
            Ok(())
        } else {
            Err("internal error: buffers of the wrong size".into())
        }
    }

    /// Starts a new episode in every environment from `seed` (or the current seed) and
    /// writes the first observations; rewards and flags are zeroed. With `which`, only the
    /// environments it marks start anew (and `seed` is refused).
    pub fn reset(
        &mut self,
        seed: Option<u64>,
        which: Option<&[bool]>,
        out: &mut Buffers<'_>,
    ) -> Result<(), String> {
        self.check(out)?;
        let n = self.num_envs();
        let players = usize::from(G::players(&self.cfg));
        if let Some(w) = which {
            if !self.started {
                return Err("reset() every environment before resetting some".into());
            }
            if w.len() != n {
                return Err(format!("reset_mask must hold {n} flags, got {}", w.len()));
            }
            if seed.is_some() {
                return Err("a seed restarts every environment: give no reset_mask".into());
            }
        } else {
            if let Some(s) = seed {
                self.seed = s;
                self.episodes.fill(0);
            }
            self.envs.clear();
        }
        for i in 0..n {
            if which.is_some_and(|w| !w[i]) {
                continue;
            }
            self.start(i);
            self.last_seat[i] = self.envs[i].to_move().unwrap_or(0);
            self.write_row(i, out)?;
            out.rewards[i] = 0.0;
            out.seat_rewards[i * players..(i + 1) * players].fill(0.0);
            out.terminated[i] = false;
            out.truncated[i] = false;
        }
        self.started = true;
        Ok(())
    }

    /// Checks every action against its environment's mask; nothing changes on an error.
    pub fn check_actions(&self, actions: &[i64]) -> Result<(), StepError> {
        if !self.started {
            return Err(StepError::NotReset);
        }
        if actions.len() != self.num_envs() {
            return Err(StepError::Count {
                expected: self.num_envs(),
                got: actions.len(),
            });
        }
        for (i, (&a, g)) in actions.iter().zip(&self.envs).enumerate() {
            let Some(seat) = g.to_move() else {
                return Err(StepError::Over(i));
            };
            let mask = self.masks[i];
            if !(0..G::ACTIONS as i64).contains(&a) {
                return Err(StepError::Range {
                    env: i,
                    action: a,
                    actions: G::ACTIONS,
                });
            }
            if mask >> a & 1 == 0 {
                return Err(StepError::Illegal {
                    env: i,
                    action: a,
                    seat,
                    legal: (0..G::ACTIONS).filter(|&b| mask >> b & 1 != 0).collect(),
                });
            }
        }
        Ok(())
    }

    /// One step of every environment: the learner's action, then the other seats up to the
    /// learner's next move or the episode's end (reset at once under `autoreset`).
    pub fn step(&mut self, actions: &[i64], out: &mut Buffers<'_>) -> Result<(), String> {
        self.check_actions(actions).map_err(|e| e.to_string())?;
        self.check(out)?;
        let n = usize::from(G::players(&self.cfg));
        let learners: Vec<usize> = (0..n).filter(|&s| self.is_learner(s as u8)).collect();
        for (i, &a) in actions.iter().enumerate() {
            let mut r = self.pending[i];
            let g = &mut self.envs[i];
            self.last_seat[i] = g.to_move().unwrap_or(0);
            g.apply(&self.cfg, a as usize, &mut r);
            while let Some(s) = g.to_move() {
                if self.learners >> s & 1 != 0 {
                    break;
                }
                g.auto_move(&self.cfg, &mut r);
            }
            let over = g.to_move().is_none();
            let truncated = over && g.truncated();
            self.pending[i] = [0.0; MAX_SEATS];
            let mean = learners.iter().map(|&s| r[s]).sum::<f64>() / learners.len() as f64;
            out.rewards[i] = mean as f32;
            for (o, &x) in out.seat_rewards[i * n..(i + 1) * n].iter_mut().zip(&r) {
                *o = x as f32;
            }
            out.terminated[i] = over && !truncated;
            out.truncated[i] = truncated;
            if over {
                let row = &mut out.final_obs[i * self.size..(i + 1) * self.size];
                let seat = self.last_seat[i];
                self.envs[i].encode(&self.cfg, seat, self.kind, self.layout, row)?;
                if self.autoreset {
                    self.start(i);
                }
            }
            self.write_row(i, out)?;
        }
        Ok(())
    }

    /// Writes what `seat` sees in environment `env` as `kind`/`layout` into `out`.
    pub fn observe(
        &self,
        env: usize,
        seat: u8,
        kind: Kind,
        layout: Layout,
        out: &mut [f32],
    ) -> Result<(), String> {
        let g = self
            .envs
            .get(env)
            .ok_or_else(|| format!("no environment {env}: call reset() first"))?;
        g.encode(&self.cfg, seat, kind, layout, out)
    }
}
