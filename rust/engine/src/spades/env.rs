//! Spades as an environment ([`crate::env::EnvGame`]): an episode is one hand or a whole
//! game; the action space is [`super::tensor::ACTIONS`] (cards, bids, blind nil, a
//! redeal claim, bids with a bemo), and a seat's reward is its team's hand score (B-15..).

use super::game::SpadesGame;
use super::policy::{policy_bid, policy_play, Policy};
use super::rules::{Bemo, SpadesRules};
use super::state::{deal_random, team_of, Phase, SpadesState};
use super::tensor::{
    encode, led_suit, legal_mask, suit_of, tensor_size, SpadesView, ACTIONS, BID, BIG_BEMO,
    BLIND_NIL, CARDS, CLAIM, LITTLE_BEMO,
};
use crate::core::{Card, CardSet, Portable, Rng};
use crate::env::{EnvGame, Episode, Kind, Layout, Reward, SeatRewards};

/// The trick reward: points per trick won, paid to both seats of the winning team.
pub const TRICK_POINTS: f64 = 10.0;

/// The settings of a Spades environment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpadesConfig {
    /// The rules.
    pub rules: SpadesRules,
    /// The policy of each seat the learner does not play.
    pub policies: [Policy; 4],
    /// A hand or a whole game.
    pub episode: Episode,
    /// How rewards are paid.
    pub reward: Reward,
}

#[derive(Clone, Debug)]
enum Table {
    Hand(Box<SpadesState>),
    Game(Box<SpadesGame>),
}

/// One Spades episode.
#[derive(Clone, Debug)]
pub struct SpadesEnv {
    table: Table,
    rng: Rng,
    /// This hand's plays.
    plays: Vec<(u8, Card)>,
    /// Per seat, the cards it played this hand.
    played: [CardSet; 4],
    /// Per seat, the suits it played off when they were led.
    showed: [u8; 4],
    /// Tricks already paid as trick rewards this hand, per team.
    paid: [u8; 2],
    /// Hands completed in this episode.
    hands: u32,
    over: bool,
    truncated: bool,
}

/// A bid action decoded: value, blind, bemo.
fn bid_of(action: usize) -> Option<(u8, bool, Option<Bemo>)> {
    match action {
        a if (BID..BID + 14).contains(&a) => Some(((a - BID) as u8, false, None)),
        BLIND_NIL => Some((0, true, None)),
        a if (LITTLE_BEMO..LITTLE_BEMO + 14).contains(&a) => {
            Some(((a - LITTLE_BEMO) as u8, false, Some(Bemo::Little)))
        }
        a if (BIG_BEMO..BIG_BEMO + 14).contains(&a) => {
            Some(((a - BIG_BEMO) as u8, false, Some(Bemo::Big)))
        }
        _ => None,
    }
}

impl SpadesEnv {
    /// The hand being played (the last one once the episode is over).
    pub fn state(&self) -> &SpadesState {
        match &self.table {
            Table::Hand(s) => s,
            Table::Game(g) => g.state(),
        }
    }

    /// The game, in an episode of whole games.
    pub fn game(&self) -> Option<&SpadesGame> {
        match &self.table {
            Table::Hand(_) => None,
            Table::Game(g) => Some(g),
        }
    }

    /// What `seat` sees now.
    pub fn view(&self, seat: u8) -> SpadesView<'_> {
        let s = self.state();
        let mut face_up = [CardSet::EMPTY; 4];
        if s.rules().face_up_first_four {
            for (f, cards) in face_up.iter_mut().zip(s.deal()) {
                *f = cards[..4].iter().map(|&c| Card::new_unchecked(c)).collect();
            }
        }
        SpadesView {
            rules: s.rules(),
            seat,
            dealer: s.dealer(),
            phase: s.phase(),
            to_move: self.to_move(),
            hand: s.hands()[usize::from(seat)],
            face_up,
            bids: s.bids(),
            claimed: s.redeal_claims().iter().fold(0, |m, &c| m | 1 << c),
            plays: &self.plays,
            played: self.played,
            showed: self.showed,
            trick: *s.trick(),
            tricks_taken: s.tricks_taken(),
            totals: s.totals(),
            bags: s.bags(),
        }
    }

    /// Records a move of `mover` (a card, or a bid) and pays what it paid: trick rewards,
    /// and the hand's score when it ended.
    fn after(
        &mut self,
        cfg: &SpadesConfig,
        mover: u8,
        card: Option<(Card, Option<usize>)>,
        rewards: &mut SeatRewards,
    ) {
        if let Some((c, led)) = card {
            self.plays.push((mover, c));
            let m = usize::from(mover) & 3;
            self.played[m].insert(c);
            if let Some(led) = led {
                if suit_of(c) != led {
                    self.showed[m] |= 1 << led;
                }
            }
        }
        let ended = match &self.table {
            Table::Hand(s) => {
                (s.phase() == Phase::Over).then(|| (s.tricks_taken(), s.score().scores))
            }
            Table::Game(g) => (g.history().len() as u32 > self.hands).then(|| {
                let r = &g.history()[g.history().len() - 1];
                (r.tricks_taken, r.score.scores)
            }),
        };
        let tricks = ended.map_or_else(|| self.state().tricks_taken(), |(t, _)| t);
        let team_tricks = [tricks[0] + tricks[2], tricks[1] + tricks[3]];
        if cfg.reward == Reward::Trick {
            for s in 0..4 {
                let t = team_of(s as u8);
                rewards[s] += TRICK_POINTS * f64::from(team_tricks[t] - self.paid[t]);
            }
            self.paid = team_tricks;
        }
        let Some((_, scores)) = ended else {
            return;
        };
        for s in 0..4 {
            let t = team_of(s as u8);
            #[allow(clippy::cast_precision_loss)]
            let score = scores[t] as f64;
            rewards[s] += score;
            if cfg.reward == Reward::Trick {
                rewards[s] -= TRICK_POINTS * f64::from(team_tricks[t]);
            }
        }
        self.hands += 1;
        let game_over = self.game().map_or(true, SpadesGame::is_over);
        (self.over, self.truncated) = cfg.episode.after_hand(self.hands, game_over);
        if !self.over {
            // The game dealt its next hand.
            self.plays.clear();
            self.played = [CardSet::EMPTY; 4];
            self.showed = [0; 4];
            self.paid = [0; 2];
        }
    }

    /// Makes a bid (known legal).
    fn bid(
        &mut self,
        cfg: &SpadesConfig,
        value: u8,
        blind: bool,
        bemo: Option<Bemo>,
        rewards: &mut SeatRewards,
    ) {
        let mover = self.to_move().unwrap_or(0);
        match &mut self.table {
            Table::Hand(s) => s.bid_unchecked(value, blind, bemo),
            Table::Game(g) => g.act(|s| s.bid_unchecked(value, blind, bemo)),
        }
        self.after(cfg, mover, None, rewards);
    }

    /// Plays a card (known legal).
    fn play(&mut self, cfg: &SpadesConfig, card: Card, rewards: &mut SeatRewards) {
        let mover = self.to_move().unwrap_or(0);
        let led = led_suit(self.state().trick());
        match &mut self.table {
            Table::Hand(s) => s.play_unchecked(card),
            Table::Game(g) => g.act(|s| s.play_unchecked(card)),
        }
        self.after(cfg, mover, Some((card, led)), rewards);
    }

    /// The seat to act claims a redeal (known legal).
    fn claim(&mut self) {
        let Some(seat) = self.to_move() else {
            return;
        };
        match &mut self.table {
            Table::Hand(s) => {
                let deal = deal_random(s.rules(), s.dealer(), &mut self.rng);
                let _ = s.claim_redeal(seat, deal);
            }
            Table::Game(g) => {
                let _ = g.claim_redeal(seat);
            }
        }
    }
}

impl EnvGame for SpadesEnv {
    type Config = SpadesConfig;
    const ACTIONS: usize = ACTIONS;

    fn players(_cfg: &SpadesConfig) -> u8 {
        4
    }

    fn size(_cfg: &SpadesConfig, kind: Kind, layout: Layout) -> Result<usize, String> {
        tensor_size(kind, layout)
    }

    fn start(cfg: &SpadesConfig, mut rng: Rng) -> SpadesEnv {
        let r = &cfg.rules;
        let table = match cfg.episode {
            Episode::Hand => {
                let dealer = rng.below(4) as u8;
                let deal = deal_random(r, dealer, &mut rng);
                Table::Hand(Box::new(SpadesState::new(
                    r,
                    deal,
                    dealer,
                    0,
                    [0, 0],
                    [0, 0],
                )))
            }
            Episode::Game { .. } => {
                let first = rng.below(4) as u8;
                let game_rng = Rng::new(rng.next_u64());
                Table::Game(Box::new(SpadesGame::new(
                    r,
                    game_rng,
                    first,
                    Vec::new(),
                    [0, 0],
                    [0, 0],
                )))
            }
        };
        SpadesEnv {
            table,
            rng,
            plays: Vec::with_capacity(52),
            played: [CardSet::EMPTY; 4],
            showed: [0; 4],
            paid: [0; 2],
            hands: 0,
            over: false,
            truncated: false,
        }
    }

    fn to_move(&self) -> Option<u8> {
        if self.over {
            None
        } else {
            self.state().current_player()
        }
    }

    fn mask(&self) -> u128 {
        if self.over {
            0
        } else {
            legal_mask(self.state())
        }
    }

    fn apply(&mut self, cfg: &SpadesConfig, action: usize, rewards: &mut SeatRewards) {
        if action < CARDS {
            if let Some(c) = Card::try_new_with_jokers(action as u8) {
                self.play(cfg, c, rewards);
            }
        } else if action == CLAIM {
            self.claim();
        } else if let Some((v, blind, bemo)) = bid_of(action) {
            self.bid(cfg, v, blind, bemo, rewards);
        }
    }

    fn auto_move(&mut self, cfg: &SpadesConfig, rewards: &mut SeatRewards) {
        let Some(seat) = self.to_move() else {
            return;
        };
        let p = cfg.policies[usize::from(seat)];
        let mut rng = self.rng;
        if self.state().phase() == Phase::Bid {
            let b = policy_bid(p, self.state(), &mut rng);
            self.rng = rng;
            self.bid(cfg, b.value, b.blind, b.bemo, rewards);
        } else {
            let c = policy_play(Portable, p, self.state(), &mut rng);
            self.rng = rng;
            self.play(cfg, c, rewards);
        }
    }

    fn truncated(&self) -> bool {
        self.truncated
    }

    fn encode(
        &self,
        _cfg: &SpadesConfig,
        seat: u8,
        kind: Kind,
        layout: Layout,
        out: &mut [f32],
    ) -> Result<(), String> {
        if seat >= 4 {
            return Err(format!("seat must be 0..3, got {seat}"));
        }
        encode(&self.view(seat), kind, layout, out)
    }
}
