//! A whole game of rummy: hands dealt in turn, running totals, the C-21 end at the target,
//! ties (0.6) and `max_hands` (0.7).

use super::rules::{RummyRules, MAX_TOTAL};
use super::state::{check_totals, Action, ActionError, RummyState};
use super::text::{read_block, read_deal_fields, replay, write_block, Replay, RummyLog};
use crate::core::text::{
    card_list, check_hand_chain, generator, header, int, int_list, read_generator, read_rules,
    rules_line, syntax, Jokers, Kind, Lines, TextError, TextProblem,
};
use crate::core::Rng;
use crate::core::Tie;
use std::collections::VecDeque;
use std::fmt::Write as _;

/// A caller-given deal: the hands and the stock (top first).
pub type RummyDeal = (Vec<Vec<u8>>, Vec<u8>);

/// One completed hand.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct RummyHandRecord {
    /// The dealer.
    pub dealer: u8,
    /// C-20 scores.
    pub hand_scores: Vec<i64>,
    /// Totals after the hand.
    pub totals: Vec<i64>,
    /// Who went out.
    pub went_out: Option<u8>,
}

/// A game of rummy. Every hand keeps its log (deal, actions, reshuffles) for the text form.
#[derive(Clone, Debug)]
pub struct RummyGame {
    rules: RummyRules,
    rng: Rng,
    first_dealer: u8,
    /// Deals given for the next hands, the next hand's first.
    deals: VecDeque<RummyDeal>,
    start_totals: Vec<i64>,
    totals: Vec<i64>,
    history: Vec<RummyHandRecord>,
    /// The logs of the finished hands before `state`.
    played: Vec<RummyLog>,
    state: RummyState,
    over: bool,
    winners: Vec<u8>,
}

impl RummyGame {
    /// A new game; `deals` (checked) are used by the first hands in order, then shuffles.
    /// Every hand's own seed (for C-19 reshuffles and its shuffle) comes from `rng`.
    pub fn new(
        rules: &RummyRules,
        mut rng: Rng,
        first_dealer: u8,
        deals: Vec<RummyDeal>,
        totals: Vec<i64>,
    ) -> RummyGame {
        let mut deals = VecDeque::from(deals);
        let state = Self::deal_hand(rules, &mut rng, first_dealer, 0, &mut deals, &totals);
        let mut g = RummyGame {
            rules: *rules,
            rng,
            first_dealer,
            deals,
            start_totals: totals.clone(),
            totals,
            history: Vec::new(),
            played: Vec::new(),
            state,
            over: false,
            winners: Vec::new(),
        };
        g.settle();
        g
    }

    fn deal_hand(
        rules: &RummyRules,
        rng: &mut Rng,
        first_dealer: u8,
        h: u64,
        deals: &mut VecDeque<RummyDeal>,
        totals: &[i64],
    ) -> RummyState {
        let dealer = ((u64::from(first_dealer) + h) % u64::from(rules.players)) as u8;
        let hand_rng = Rng::new(rng.next_u64());
        match deals.pop_front() {
            Some((hands, stock)) => RummyState::new(
                rules,
                &hands,
                &stock,
                None,
                dealer,
                h,
                totals.to_vec(),
                hand_rng,
                true,
            ),
            None => RummyState::deal(rules, dealer, h, totals.to_vec(), hand_rng).with_log(),
        }
    }

    /// Scores every finished hand and deals the next until a hand is in play or the game is
    /// over (a hand can end at once by C-19).
    fn settle(&mut self) {
        while !self.over && self.state.current_player().is_none() {
            let st = &self.state;
            let scores = st.hand_scores();
            for (t, s) in self.totals.iter_mut().zip(&scores) {
                *t += s;
            }
            self.history.push(RummyHandRecord {
                dealer: st.dealer(),
                hand_scores: scores,
                totals: self.totals.clone(),
                went_out: st.went_out(),
            });
            let r = &self.rules;
            let hard_stop = r
                .max_hands
                .is_some_and(|m| self.history.len() >= m as usize);
            if hard_stop || self.totals.iter().any(|&t| t >= r.target) {
                let best = self.totals.iter().copied().max().unwrap_or(0);
                let tied: Vec<u8> = (0..r.players)
                    .filter(|&s| self.totals[usize::from(s)] == best)
                    .collect();
                if tied.len() == 1 || r.tie == Tie::Share || hard_stop {
                    self.over = true;
                    self.winners = tied;
                    return;
                }
            }
            let h = self.history.len() as u64;
            let next = Self::deal_hand(
                &self.rules,
                &mut self.rng,
                self.first_dealer,
                h,
                &mut self.deals,
                &self.totals,
            );
            let mut finished = std::mem::replace(&mut self.state, next);
            if let Some(log) = finished.take_log() {
                self.played.push(*log);
            }
        }
    }

    /// Applies a legal action to the current hand.
    pub fn try_apply(&mut self, a: &Action) -> Result<(), ActionError> {
        if self.over {
            return Err(ActionError::GameOver);
        }
        self.state.try_apply(a)?;
        self.settle();
        Ok(())
    }

    /// Applies an action known to be legal.
    pub fn apply_unchecked(&mut self, a: &Action) {
        self.apply(a.clone());
    }

    /// Applies an action known to be legal, its melds moved into the hand (no copy).
    pub fn apply(&mut self, a: Action) {
        self.state.apply(a);
        self.settle();
    }

    /// The rules.
    pub const fn rules(&self) -> &RummyRules {
        &self.rules
    }
    /// The current hand (the last one once over).
    pub const fn state(&self) -> &RummyState {
        &self.state
    }
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.over
    }
    /// Running totals.
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }
    /// Completed hands.
    pub fn history(&self) -> &[RummyHandRecord] {
        &self.history
    }
    /// The winners (empty while not over).
    pub fn winners(&self) -> &[u8] {
        &self.winners
    }
}

// ---------------------------------------------------------------- text form

/// A game replaying hand `h`.
struct GameReplay<'a> {
    g: &'a mut RummyGame,
    h: usize,
}

impl Replay for GameReplay<'_> {
    fn hand(&mut self) -> &mut RummyState {
        &mut self.g.state
    }
    fn apply(&mut self, a: &Action) -> Result<(), ActionError> {
        self.g.try_apply(a)
    }
    fn hand_over(&self) -> bool {
        self.g.history.len() > self.h
    }
}

impl RummyGame {
    /// The `rummy-game` text (docs/text-format.md §4.4).
    pub fn to_text(&self) -> String {
        let mut out = header(Kind::RummyGame);
        out.push_str(&rules_line(&self.rules));
        let totals: Vec<String> = self.start_totals.iter().map(i64::to_string).collect();
        let _ = writeln!(
            out,
            "game first_dealer={} totals={}",
            self.first_dealer,
            totals.join(",")
        );
        // A finished hand's totals are the running totals before it.
        let p = usize::from(self.rules.players);
        for (h, log) in self.played.iter().enumerate() {
            let dealer = ((usize::from(self.first_dealer) + h) % p) as u8;
            write_block(dealer, h as u64, &self.totals_before(h), log, &mut out);
        }
        if let Some(log) = self.state.log() {
            let s = &self.state;
            write_block(s.dealer(), s.hand_index(), s.totals(), log, &mut out);
        }
        let _ = writeln!(
            out,
            "future rng={} hand_rng={}",
            generator(self.rng),
            generator(self.state.rng())
        );
        for (hands, stock) in &self.deals {
            out.push_str("queued");
            for h in hands {
                let mut h = h.clone();
                h.sort_unstable();
                out.push(' ');
                out.push_str(&card_list(h, Jokers::Rummy));
            }
            let _ = writeln!(
                out,
                " stock={}",
                card_list(stock.iter().copied(), Jokers::Rummy)
            );
        }
        out
    }

    /// The running totals before hand `h`.
    fn totals_before(&self, h: usize) -> Vec<i64> {
        if h == 0 {
            self.start_totals.clone()
        } else {
            self.history[h - 1].totals.clone()
        }
    }

    /// Reads a `rummy-game` text, replaying every hand.
    pub fn from_text(text: &str) -> Result<RummyGame, TextError> {
        let mut lines = Lines::new(text, Kind::RummyGame)?;
        let rules: RummyRules = read_rules(&mut lines)?;
        let p = rules.players;
        let game = lines.expect("game")?;
        let v = game.pairs(&["first_dealer", "totals"])?;
        let first_dealer = game.at(int::<u8>("first_dealer", v[0]))?;
        if first_dealer >= p {
            return Err(game.err(syntax(
                format!("first_dealer {first_dealer}"),
                format!("a seat 0..={}", p - 1),
            )));
        }
        let totals = game.at(int_list::<i64>("totals", v[1]))?;
        if check_totals(&rules, &totals).is_err() {
            return Err(game.err(syntax(
                format!("totals {:?}", v[1]),
                format!("{p} ints (one per seat), each within ±{MAX_TOTAL}"),
            )));
        }
        let mut blocks = vec![read_block(&mut lines, &rules)?];
        while lines.peek() == Some("hand") {
            blocks.push(read_block(&mut lines, &rules)?);
        }
        let future = lines.expect("future")?;
        let f = future.pairs(&["rng", "hand_rng"])?;
        let rng = future.at(read_generator("rng", f[0]))?;
        let hand_rng = future.at(read_generator("hand_rng", f[1]))?;
        let mut queued = Vec::new();
        while let Some(q) = lines.take_if("queued") {
            let (hands, stock, _) = read_deal_fields(&q, &rules, false)?;
            queued.push((hands, stock));
        }
        lines.finish()?;

        // A game's hand is dealt with the upcard on the pile (C-4) or no pile.
        let mut recorded = Vec::with_capacity(blocks.len());
        for b in &blocks {
            let (hands, stock, pile) = &b.cards;
            let upcard = usize::from(rules.initial_upcard);
            if pile.len() != upcard {
                return Err(b.deal.err(TextProblem::Inconsistent(format!(
                    "a hand of a game starts with {upcard} card(s) on the pile (C-4, \
                     initial_upcard={})",
                    rules.initial_upcard
                ))));
            }
            let stock: Vec<u8> = pile.iter().chain(stock).copied().collect();
            recorded.push((hands.clone(), stock));
        }
        let mut g = RummyGame::new(&rules, Rng::new(0), first_dealer, recorded, totals);
        for (h, b) in blocks.iter().enumerate() {
            let s = &g.state;
            if (b.hand.dealer, b.hand.index, &b.totals)
                != (s.dealer(), s.hand_index(), &s.totals().to_vec())
            {
                let t: Vec<String> = s.totals().iter().map(i64::to_string).collect();
                return Err(b.hand.line.err(TextProblem::Inconsistent(format!(
                    "hand {h} of this game has dealer={} index={h} totals={}",
                    s.dealer(),
                    t.join(",")
                ))));
            }
            replay(b, &mut GameReplay { g: &mut g, h })?;
            let (ended, next) = ((g.history.len() > h, g.over), blocks.get(h + 1));
            check_hand_chain(h, ended, next.map(|n| &n.hand.line), &b.events.line)?;
        }
        g.rng = rng;
        g.state.set_rng(hand_rng);
        g.deals = queued.into();
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::text::{check_resumes, TextIo};
    use crate::rummy::StockExhausted;

    #[test]
    fn a_game_round_trips_and_reshuffles_and_deals_on_identically() {
        let rules = RummyRules {
            players: 4,
            hand_size: 20,
            stock_exhausted: StockExhausted::Reshuffle,
            max_turns_per_hand: 70,
            max_hands: Some(2),
            ..RummyRules::default()
        };
        let g = RummyGame::new(&rules, Rng::new(3), 0, Vec::new(), vec![0; 4]);
        let step = |g: &mut RummyGame, rng: &mut Rng| {
            let legal = g.state().legal_actions();
            let a = legal[rng.below(legal.len() as u32) as usize].clone();
            g.try_apply(&a).unwrap();
        };
        let io: TextIo<RummyGame> = (RummyGame::to_text, RummyGame::from_text, RummyGame::is_over);
        let g = check_resumes(g, Rng::new(6), 30, io, step);
        assert!(g.to_text().contains(" reshuffle:"));
    }

    #[test]
    fn refused_actions_are_typed_and_change_nothing() {
        let rules = RummyRules {
            players: 2,
            max_turns_per_hand: 4,
            max_hands: Some(1),
            ..RummyRules::default()
        };
        let mut g = RummyGame::new(&rules, Rng::new(1), 0, Vec::new(), vec![0; 2]);
        let before = g.to_text();
        let refused = g.try_apply(&Action::End);
        assert_eq!(
            refused,
            Err(ActionError::NotLegal(crate::rummy::Phase::Draw))
        );
        assert_eq!(g.to_text(), before);
        while !g.is_over() {
            let a = g.state().legal_actions()[0].clone();
            g.try_apply(&a).unwrap();
        }
        assert_eq!(g.try_apply(&Action::Draw), Err(ActionError::GameOver));
    }
}
