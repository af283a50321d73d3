//! Hearts as an environment ([`crate::env::EnvGame`]): an episode is one hand or a whole
//! game; the action space is [`super::tensor::ACTIONS`] (a card, or FORWARD), passes are
//! chosen one card at a time, and a seat's reward is minus its hand score.

use super::game::{hand_dealer, HeartsGame};
use super::policy::TablePolicy;
use super::rules::{HandDirection, HeartsRules};
use super::state::{deal_random_with, resolve_direction, HeartsState, Phase, MAX_PLAYERS};
use super::tensor::{encode, legal_mask, tensor_size, HeartsView, ACTIONS, FORWARD};
use super::text::{Action, HandLog};
use crate::core::{Bmi2, Card, CardSet, Portable, Rng};
use crate::env::{EnvGame, Episode, Kind, Layout, Reward, SeatRewards};

/// Hand indices a lone hand is drawn from: every rotation of pass directions (3 or 4
/// hands long) repeats within 12.
const HAND_CYCLE: u32 = 12;

/// The settings of a Hearts environment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeartsConfig {
    /// The rules.
    pub rules: HeartsRules,
    /// The policy of each seat the learner does not play.
    pub policies: TablePolicy,
    /// A hand or a whole game.
    pub episode: Episode,
    /// How rewards are paid.
    pub reward: Reward,
}

// Envs live side by side in a Vec: the hand variant's size is no cost.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Table {
    Hand {
        state: Box<HeartsState>,
        log: HandLog,
    },
    Game(Box<HeartsGame>),
}

/// One Hearts episode.
#[derive(Clone, Debug)]
pub struct HeartsEnv {
    table: Table,
    rng: Rng,
    /// The cards chosen so far by the seat passing one card at a time.
    selected: CardSet,
    /// This hand's plays.
    plays: Vec<(u8, Card)>,
    /// Per seat, the cards it played this hand.
    played: [CardSet; MAX_PLAYERS],
    /// Per seat, the suits it played off when they were led.
    showed: [u8; MAX_PLAYERS],
    passed_to: [Option<u8>; MAX_PLAYERS],
    received: [CardSet; MAX_PLAYERS],
    received_from: [Option<u8>; MAX_PLAYERS],
    /// Points already paid as trick rewards this hand.
    paid: [u32; MAX_PLAYERS],
    /// Hands completed in this episode.
    hands: u32,
    over: bool,
    truncated: bool,
    /// The seat to act (kept after every move: asked for many times a step).
    mover: Option<u8>,
}

impl HeartsEnv {
    /// The hand being played (the last one once the episode is over).
    pub fn state(&self) -> &HeartsState {
        match &self.table {
            Table::Hand { state, .. } => state,
            Table::Game(g) => g.state(),
        }
    }

    /// The hand's log (its deal and actions).
    pub fn log(&self) -> &HandLog {
        match &self.table {
            Table::Hand { log, .. } => log,
            Table::Game(g) => g.log(),
        }
    }

    /// The game, in an episode of whole games.
    pub fn game(&self) -> Option<&HeartsGame> {
        match &self.table {
            Table::Hand { .. } => None,
            Table::Game(g) => Some(g),
        }
    }

    /// The cards chosen so far by the seat passing one card at a time.
    pub const fn selected(&self) -> CardSet {
        self.selected
    }

    /// What `seat` sees now.
    pub fn view(&self, seat: u8) -> HeartsView<'_> {
        let s = self.state();
        let me = usize::from(seat);
        let n = s.num_players();
        let all = ((1u16 << n) - 1) as u8;
        let to_move = self.to_move();
        let decided = if s.phase() == Phase::Pass {
            all & !s.pending_passes()
        } else if s.pass_count() > 0 {
            all
        } else {
            0
        };
        let mut tricks_taken = [0u8; MAX_PLAYERS];
        tricks_taken[..usize::from(n)].copy_from_slice(s.tricks_taken());
        HeartsView {
            rules: s.rules(),
            seat,
            dealer: s.dealer(),
            direction: s.pass_direction(),
            phase: s.phase(),
            to_move,
            pass_count: s.pass_count(),
            dealt: s.dealt()[me],
            hand: s.hands()[me],
            selected: if to_move == Some(seat) {
                self.selected
            } else {
                CardSet::EMPTY
            },
            passed: s.pass_selection(seat),
            passed_to: self.passed_to[me],
            received: self.received[me],
            received_from: self.received_from[me],
            decided,
            forwarded: s.forwarders(),
            plays: &self.plays,
            played: self.played,
            showed: self.showed,
            trick: *s.trick(),
            points: s.points(),
            tricks_taken,
            totals: self.game().map_or(&[], HeartsGame::totals),
            broken: s.hearts_broken(),
        }
    }

    /// Applies `action` (known legal) with the engine's checks; pays its rewards.
    fn act(&mut self, cfg: &HeartsConfig, action: Action, rewards: &mut SeatRewards) {
        self.act_inner(cfg, action, rewards);
        self.sync();
    }

    /// Refreshes the seat to act.
    fn sync(&mut self) {
        self.mover = if self.over {
            None
        } else {
            self.state().current_player()
        };
    }

    fn act_inner(&mut self, cfg: &HeartsConfig, action: Action, rewards: &mut SeatRewards) {
        let (before_phase, n) = (
            self.state().phase(),
            usize::from(self.state().num_players()),
        );
        let mover = self.state().current_player().unwrap_or(0);
        let led = self.state().trick().led_suit();
        let ok = match &mut self.table {
            Table::Hand { state, log } => {
                // Every action here is legal (checked against the mask, or a policy's
                // choice among the legal ones): a play is not checked twice.
                let ok = match action {
                    Action::Play(c) => {
                        debug_assert!(state.legal_plays().contains(c));
                        state.play_unchecked(c);
                        true
                    }
                    _ => state.try_apply(action).is_ok(),
                };
                if ok {
                    log.record(action);
                }
                ok
            }
            Table::Game(g) => g.try_apply(action).is_ok(),
        };
        if !ok {
            // The mask only offers legal actions: nothing to undo.
            return;
        }
        if let Action::Play(c) = action {
            self.plays.push((mover, c));
            let m = usize::from(mover);
            self.played[m].insert(c);
            if let Some(led) = led {
                if c.suit() != led {
                    self.showed[m] |= 1 << led as u8;
                }
            }
        }
        let ended = match &self.table {
            Table::Hand { state, .. } => {
                (state.phase() == Phase::Over).then(|| (state.points(), state.hand_scores()))
            }
            Table::Game(g) => (g.hands_played() as u32 > self.hands).then(|| {
                let r = g.history()[g.hands_played() - 1];
                (r.points, r.hand_scores)
            }),
        };
        if ended.is_none() && before_phase == Phase::Pass && self.state().phase() != Phase::Pass {
            self.delivered();
        }
        if cfg.reward == Reward::Trick {
            let points = ended.map_or_else(|| self.state().points(), |(p, _)| p);
            for s in 0..n {
                rewards[s] -= f64::from(points[s]) - f64::from(self.paid[s]);
            }
            self.paid = points;
        }
        let Some((points, scores)) = ended else {
            return;
        };
        for s in 0..n {
            rewards[s] -= f64::from(scores[s]);
            if cfg.reward == Reward::Trick {
                rewards[s] += f64::from(points[s]);
            }
        }
        self.hands += 1;
        let game_over = self.game().map_or(true, HeartsGame::is_over);
        (self.over, self.truncated) = cfg.episode.after_hand(self.hands, game_over);
        if !self.over {
            self.new_hand();
        }
    }

    /// Forgets the finished hand's records (a game dealt its next hand).
    fn new_hand(&mut self) {
        self.plays.clear();
        self.played = [CardSet::EMPTY; MAX_PLAYERS];
        self.showed = [0; MAX_PLAYERS];
        self.selected = CardSet::EMPTY;
        self.passed_to = [None; MAX_PLAYERS];
        self.received = [CardSet::EMPTY; MAX_PLAYERS];
        self.received_from = [None; MAX_PLAYERS];
        self.paid = [0; MAX_PLAYERS];
    }

    /// Records who passed to whom once every pass is made (as an observation reads it).
    fn delivered(&mut self) {
        let s = *self.state();
        let n = s.num_players();
        for t in 0..n {
            let me = usize::from(t);
            let passed = s.pass_selection(t);
            let kept = s.dealt()[me] - passed;
            let after = s.hands();
            self.received[me] = after[me] - kept;
            self.passed_to[me] = if passed.is_empty() {
                None
            } else {
                (0..n).find(|&u| passed.is_subset(after[usize::from(u)]))
            };
            self.received_from[me] = self.received[me]
                .first()
                .and_then(|c| (0..n).find(|&u| s.dealt()[usize::from(u)].contains(c)));
        }
    }
}

impl EnvGame for HeartsEnv {
    type Config = HeartsConfig;
    const ACTIONS: usize = ACTIONS;

    fn players(cfg: &HeartsConfig) -> u8 {
        cfg.rules.players
    }

    fn size(cfg: &HeartsConfig, kind: Kind, layout: Layout) -> Result<usize, String> {
        tensor_size(&cfg.rules, kind, layout)
    }

    fn start(cfg: &HeartsConfig, mut rng: Rng) -> HeartsEnv {
        let r = &cfg.rules;
        let table = match cfg.episode {
            Episode::Hand => {
                let index = u64::from(rng.below(HAND_CYCLE));
                let dealer = hand_dealer(r, 0, index);
                // `HeartsState::deal`'s draws, with BMI2 where the CPU has it (every
                // `BitOps` deals the same cards).
                let direction =
                    resolve_direction(r, index, None, &mut rng).unwrap_or(HandDirection::Hold);
                let hands = match Bmi2::detect() {
                    Some(bits) => deal_random_with(bits, r, dealer, &mut rng),
                    None => deal_random_with(Portable, r, dealer, &mut rng),
                };
                let state = HeartsState::new_unchecked(r, hands, dealer, index, direction);
                let mut log = HandLog::new(state);
                log.actions.reserve(64);
                Table::Hand {
                    state: Box::new(state),
                    log,
                }
            }
            Episode::Game { .. } => {
                let first = rng.below(u32::from(r.players)) as u8;
                let game_rng = Rng::new(rng.next_u64());
                Table::Game(Box::new(HeartsGame::with_rng(r, game_rng, first)))
            }
        };
        let mut env = HeartsEnv {
            table,
            rng,
            selected: CardSet::EMPTY,
            plays: Vec::with_capacity(52),
            played: [CardSet::EMPTY; MAX_PLAYERS],
            showed: [0; MAX_PLAYERS],
            passed_to: [None; MAX_PLAYERS],
            received: [CardSet::EMPTY; MAX_PLAYERS],
            received_from: [None; MAX_PLAYERS],
            paid: [0; MAX_PLAYERS],
            hands: 0,
            over: false,
            truncated: false,
            mover: None,
        };
        env.sync();
        if env.state().phase() == Phase::Play {
            // A hold hand: nobody passes.
            env.delivered();
        }
        env
    }

    fn to_move(&self) -> Option<u8> {
        self.mover
    }

    fn mask(&self) -> u128 {
        if self.over {
            0
        } else {
            legal_mask(self.state(), self.selected)
        }
    }

    fn apply(&mut self, cfg: &HeartsConfig, action: usize, rewards: &mut SeatRewards) {
        let (phase, k) = (self.state().phase(), self.state().pass_count());
        let Some(seat) = self.to_move() else {
            return;
        };
        match phase {
            Phase::Pass if action == FORWARD => {
                self.selected = CardSet::EMPTY;
                self.act(cfg, Action::Forward(seat), rewards);
            }
            Phase::Pass => {
                if let Some(c) = Card::try_new(action as u8) {
                    self.selected.insert(c);
                }
                if self.selected.count() >= u32::from(k) {
                    let cards = self.selected;
                    self.selected = CardSet::EMPTY;
                    self.act(cfg, Action::Pass(seat, cards), rewards);
                }
            }
            Phase::Play => {
                if let Some(c) = Card::try_new(action as u8) {
                    self.act(cfg, Action::Play(c), rewards);
                }
            }
            Phase::Over => {}
        }
    }

    fn auto_move(&mut self, cfg: &HeartsConfig, rewards: &mut SeatRewards) {
        let choice = {
            let (log, s) = (self.log(), self.state());
            let mut rng = self.rng;
            let a = match Bmi2::detect() {
                Some(bits) => cfg.policies.choose_with(bits, log, s, &mut rng),
                None => cfg.policies.choose(log, s, &mut rng),
            };
            (a, rng)
        };
        self.rng = choice.1;
        if let Some(a) = choice.0 {
            self.act(cfg, a, rewards);
        } else {
            self.over = true;
            self.sync();
        }
    }

    fn truncated(&self) -> bool {
        self.truncated
    }

    fn encode(
        &self,
        _cfg: &HeartsConfig,
        seat: u8,
        kind: Kind,
        layout: Layout,
        out: &mut [f32],
    ) -> Result<(), String> {
        let n = self.state().num_players();
        if seat >= n {
            return Err(format!("seat must be 0..{}, got {seat}", n - 1));
        }
        encode(&self.view(seat), kind, layout, out)
    }
}
