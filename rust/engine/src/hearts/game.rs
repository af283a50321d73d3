//! [`HeartsGame`]: a sequence of hands scored under the rules' system until the end rule
//! (docs/rules/hearts.md A-22..A-25, 0.6, 0.7).

use super::rules::PassDirection;
use super::rules::{ChipsEnd, HandDirection, HeartsRules, Moon, Scoring};
use super::state::{
    resolve_direction, ActionError, HeartsState, PassError, Phase, PlayError, MAX_PLAYERS,
};
use super::text::{read_block, start, Action, HandLog};
use crate::core::text::{
    card_ids, card_list, check_hand_chain, generator, header, int, join, read_generator,
    read_rules, rules_line, syntax, Jokers, Kind, Line, Lines, TextError, TextProblem,
};
use crate::core::Card;
use crate::core::CardSet;
use crate::core::Rng;
use crate::core::Tie;
use std::collections::VecDeque;
use std::fmt::Write as _;

/// Chips are kept exactly in units of 1/60 chip: every split of A-24 divides a whole pot
/// by at most 6 players, and 60 is divisible by 1..=6.
pub const CHIP_UNIT: i64 = 60;

/// Largest magnitude of a total or pot a game accepts, in points or whole chips (an engine
/// limit, so that no total can overflow).
pub const MAX_AMOUNT: i64 = super::rules::MAX_PARAM as i64 * 1000;

/// The dealer of hand `hand` (from 0) of a game whose first dealer is `first_dealer`: the
/// deal passes to the left after every hand (A-5).
///
/// ```
/// use hearts_engine::hearts::{hand_dealer, HeartsRules};
/// assert_eq!(hand_dealer(&HeartsRules::default(), 2, 3), 1);
/// ```
pub fn hand_dealer(rules: &HeartsRules, first_dealer: u8, hand: u64) -> u8 {
    ((u64::from(first_dealer) + hand) % u64::from(rules.players)) as u8
}

/// Why a score sheet to resume from was refused.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, thiserror::Error)]
pub enum ScoresError {
    /// Not one total per player.
    #[error("a score sheet has one total per player ({expected}), got {got}")]
    Count {
        /// The players.
        expected: u8,
        /// The totals given.
        got: usize,
    },
    /// A pot below zero, beyond [`MAX_AMOUNT`] chips or not a whole number of chips, or
    /// chips in the pot without chips scoring (A-24); in 1/60 units.
    #[error(
        "the pot must be a whole number of chips 0..={MAX_AMOUNT}, and can hold chips only \
         under chips scoring; got {0}/{CHIP_UNIT} chips"
    )]
    Pot(i64),
}

/// What one completed hand contributed.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct HandResult {
    /// pen_i per seat (A-20).
    pub points: [u32; MAX_PLAYERS],
    /// h_i per seat (A-21 and `avoid_all_tricks_bonus`).
    pub hand_scores: [i32; MAX_PLAYERS],
    /// The moon shooter, if any.
    pub moon_shooter: Option<u8>,
}

/// A whole game of the Hearts family. Two games are equal when they have the same text
/// form: the same rules, starting sheet, hands (deals and actions) and future (generator
/// and queued deals and directions).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct HeartsGame {
    rules: HeartsRules,
    first_dealer: u8,
    rng: Rng,
    /// Deals given for the next hands, the next hand's first.
    deals: VecDeque<[CardSet; MAX_PLAYERS]>,
    /// Directions given for the next hands (rules `pass_direction = random`).
    directions: VecDeque<HandDirection>,
    start_totals: [i64; MAX_PLAYERS],
    start_pot: i64,
    totals: [i64; MAX_PLAYERS],
    pot: i64,
    history: Vec<HandResult>,
    winners: u8,
    over: bool,
    current: HeartsState,
    log: HandLog,
    /// The logs of the finished hands before `log`.
    played: Vec<HandLog>,
    /// False once a hand was completed by [`HeartsGame::complete_hand`] (not logged).
    logged: bool,
}

impl HeartsGame {
    /// A new game; hand `h` uses `deals[h]` and `directions[h]` when given (the deals
    /// must be valid: see [`HeartsState::from_deal`]), else draws from `seed`.
    pub fn new(
        rules: &HeartsRules,
        seed: u64,
        first_dealer: u8,
        deals: Vec<[CardSet; MAX_PLAYERS]>,
        directions: Vec<HandDirection>,
    ) -> HeartsGame {
        let start = starting_total(rules);
        let mut g = HeartsGame {
            rules: *rules,
            first_dealer: first_dealer % rules.players,
            rng: Rng::new(seed),
            deals: deals.into(),
            directions: directions.into(),
            start_totals: [start; MAX_PLAYERS],
            start_pot: 0,
            totals: [start; MAX_PLAYERS],
            pot: 0,
            history: Vec::new(),
            winners: 0,
            over: false,
            current: HeartsState::deal(rules, 0, 0, &mut Rng::new(0)),
            log: HandLog::new(HeartsState::deal(rules, 0, 0, &mut Rng::new(0))),
            played: Vec::new(),
            logged: true,
        };
        g.current = g.deal_hand(0);
        g.log = HandLog::new(g.current);
        g
    }

    fn deal_hand(&mut self, h: usize) -> HeartsState {
        let r = &self.rules;
        let dealer = hand_dealer(r, self.first_dealer, h as u64);
        let given = self.directions.pop_front();
        let direction = resolve_direction(r, h as u64, given, &mut self.rng)
            .or_else(|_| resolve_direction(r, h as u64, None, &mut self.rng))
            .unwrap_or(HandDirection::Hold);
        match self.deals.pop_front() {
            Some(hands) => HeartsState::new_unchecked(r, hands, dealer, h as u64, direction),
            None => {
                let hands = super::state::deal_random(r, dealer, &mut self.rng);
                HeartsState::new_unchecked(r, hands, dealer, h as u64, direction)
            }
        }
    }

    /// A new game dealing every hand from `rng`, with no injected deals.
    pub fn with_rng(rules: &HeartsRules, rng: Rng, first_dealer: u8) -> HeartsGame {
        let mut g = HeartsGame::new(rules, 0, first_dealer, Vec::new(), Vec::new());
        g.rng = rng;
        g.current = g.deal_hand(0);
        g.log = HandLog::new(g.current);
        g
    }

    /// Plays the current hand to its end with `play` (which must leave it over), then scores
    /// it and deals the next. The hand's actions are not logged, so the game has no text
    /// form afterwards.
    pub fn complete_hand(&mut self, play: impl FnOnce(&mut HeartsState)) {
        if self.over {
            return;
        }
        self.logged = false;
        play(&mut self.current);
        if self.current.phase() == Phase::Over {
            self.finish_hand();
        }
    }

    /// Checks a score sheet to resume from (see [`HeartsGame::set_scores`]): one total per
    /// player, and a pot of whole chips `0..=MAX_AMOUNT`, empty outside chips scoring. A pot
    /// only ever receives whole penalty chips (A-24), so every share of it is an exact
    /// multiple of 1/60 chip: chips are conserved exactly.
    ///
    /// ```
    /// use hearts_engine::hearts::{HeartsGame, HeartsRules, ScoresError, Scoring};
    /// let r = HeartsRules::default();
    /// assert!(HeartsGame::check_scores(&r, &[10, 0, 5, 90], 0).is_ok());
    /// assert_eq!(HeartsGame::check_scores(&r, &[0; 4], 60), Err(ScoresError::Pot(60)));
    /// let chips = HeartsRules { scoring: Scoring::Chips, ..r };
    /// assert!(HeartsGame::check_scores(&chips, &[6000; 4], 60).is_ok());
    /// assert_eq!(HeartsGame::check_scores(&chips, &[6000; 4], 1), Err(ScoresError::Pot(1)));
    /// ```
    pub fn check_scores(rules: &HeartsRules, totals: &[i64], pot: i64) -> Result<(), ScoresError> {
        if totals.len() != usize::from(rules.players) {
            return Err(ScoresError::Count {
                expected: rules.players,
                got: totals.len(),
            });
        }
        let whole = (0..=MAX_AMOUNT * CHIP_UNIT).contains(&pot) && pot % CHIP_UNIT == 0;
        if !whole || (pot != 0 && rules.scoring != Scoring::Chips) {
            return Err(ScoresError::Pot(pot));
        }
        Ok(())
    }

    /// Resumes from a score sheet: totals per seat (points, or chips in 1/60 units) and the
    /// chips in the pot (1/60 units), as checked by [`HeartsGame::check_scores`]. Only before
    /// the first hand is scored.
    pub fn set_scores(&mut self, totals: &[i64], pot: i64) {
        for (t, v) in self.totals.iter_mut().zip(totals) {
            *t = *v;
        }
        self.pot = pot;
        self.start_totals = self.totals;
        self.start_pot = pot;
    }

    /// The rules.
    pub const fn rules(&self) -> &HeartsRules {
        &self.rules
    }
    /// The hand being played (the last hand once the game is over).
    pub const fn state(&self) -> &HeartsState {
        &self.current
    }
    /// The current hand's deal and actions (its text form).
    pub const fn log(&self) -> &HandLog {
        &self.log
    }
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.over
    }
    /// Completed hands.
    pub fn hands_played(&self) -> usize {
        self.history.len()
    }
    /// Results of the completed hands.
    pub fn history(&self) -> &[HandResult] {
        &self.history
    }
    /// Totals per seat: points, or chips in 1/60 units ([`CHIP_UNIT`]).
    pub fn totals(&self) -> &[i64] {
        &self.totals[..usize::from(self.rules.players)]
    }
    /// The chip pot in 1/60 units (0 outside chips).
    pub const fn pot(&self) -> i64 {
        self.pot
    }
    /// Bit mask of the winners (0 while the game goes on).
    pub const fn winners(&self) -> u8 {
        self.winners
    }
    /// The phase of the current hand, or `Over` when the game is over.
    pub fn phase(&self) -> Phase {
        if self.over {
            Phase::Over
        } else {
            self.current.phase()
        }
    }

    /// Makes one action (a pass, a forward or a play) in the current hand with the engine's
    /// checks; scores the hand and deals the next when it ends. A refused action changes
    /// nothing.
    ///
    /// ```
    /// use hearts_engine::hearts::{Action, HeartsGame, HeartsRules};
    /// let mut g = HeartsGame::new(&HeartsRules::default(), 3, 0, Vec::new(), Vec::new());
    /// let before = g.clone();
    /// assert!(g.try_apply(Action::Forward(7)).is_err());
    /// assert_eq!(g, before);
    /// g.try_apply(Action::Forward(2)).unwrap();
    /// assert_eq!(g.state().pending_passes(), 0b1011);
    /// ```
    pub fn try_apply(&mut self, action: Action) -> Result<(), ActionError> {
        self.act(action, |s| s.try_apply(action))
    }

    /// Plays a card in the current hand; scores the hand and deals the next when it ends.
    pub fn try_play(&mut self, card: Card) -> Result<(), PlayError> {
        self.act(Action::Play(card), |s| s.try_play(card))
    }

    /// Passes for a seat in the current hand.
    pub fn pass_cards(&mut self, seat: u8, cards: CardSet) -> Result<(), PassError> {
        self.act(Action::Pass(seat, cards), |s| s.pass_cards(seat, cards))
    }

    /// Forwards for a seat in the current hand.
    pub fn forward(&mut self, seat: u8) -> Result<(), PassError> {
        self.act(Action::Forward(seat), |s| s.forward(seat))
    }

    /// `step` on the current hand; if it accepts `action`, the action is logged and a hand
    /// it ends is scored. Once the game is over its last hand is over too, and refuses every
    /// action, so a finished game is never changed.
    fn act<E>(
        &mut self,
        action: Action,
        step: impl FnOnce(&mut HeartsState) -> Result<(), E>,
    ) -> Result<(), E> {
        step(&mut self.current)?;
        self.after_action(action);
        Ok(())
    }

    fn after_action(&mut self, action: Action) {
        self.log.record(action);
        if self.current.phase() == Phase::Over {
            self.finish_hand();
        }
    }

    /// Scores the finished current hand (A-22..A-24), runs the end test (A-25, 0.6, 0.7)
    /// and deals the next hand unless the game is over.
    fn finish_hand(&mut self) {
        let s = &self.current;
        let result = HandResult {
            points: s.points(),
            hand_scores: s.hand_scores(),
            moon_shooter: s.moon_shooter(),
        };
        self.history.push(result);
        let end = score_hand(
            &self.rules,
            &mut self.totals,
            &mut self.pot,
            &result,
            self.history.len(),
        );
        if let Some(mask) = end {
            self.over = true;
            self.winners = mask;
            return;
        }
        self.current = self.deal_hand(self.history.len());
        let finished = std::mem::replace(&mut self.log, HandLog::new(self.current));
        if self.logged {
            self.played.push(finished);
        }
    }
}

/// The totals every seat of a new game starts from: 0 points, or the starting chips in
/// 1/60 units (A-24).
pub(crate) fn starting_total(rules: &HeartsRules) -> i64 {
    if rules.scoring == Scoring::Chips {
        i64::from(rules.starting_chips) * CHIP_UNIT
    } else {
        0
    }
}

/// Scores a finished hand into a game's sheet (A-22..A-24) and runs the end test (A-25, 0.6,
/// 0.7) once `hands_played` hands (this one included) are played: the winners' mask when the
/// game is over, else `None`. [`HeartsGame`] and the batch games kernel share it.
#[inline]
pub(crate) fn score_hand(
    r: &HeartsRules,
    totals: &mut [i64; MAX_PLAYERS],
    pot: &mut i64,
    result: &HandResult,
    hands_played: usize,
) -> Option<u8> {
    let n = usize::from(r.players);
    match r.scoring {
        Scoring::Positive => {
            (0..n).for_each(|i| totals[i] += i64::from(result.hand_scores[i]));
        }
        Scoring::Negative => {
            (0..n).for_each(|i| totals[i] -= i64::from(result.hand_scores[i]));
        }
        Scoring::Chips => pay_chips(r, totals, pot, result),
    }
    let t = &totals[..n];
    let ended = match r.scoring {
        Scoring::Positive => t.iter().any(|&x| x >= i64::from(r.target)),
        Scoring::Negative => t.iter().any(|&x| x <= -i64::from(r.target)),
        Scoring::Chips => r.chips_end == ChipsEnd::Bust && t.iter().any(|&x| x <= 0),
    };
    let capped = r.max_hands.is_some_and(|m| hands_played >= m as usize);
    if ended || capped {
        let best = match r.scoring {
            Scoring::Positive => t.iter().copied().min(),
            _ => t.iter().copied().max(),
        }
        .unwrap_or(0);
        let mask = (0..n)
            .filter(|&i| t[i] == best)
            .fold(0u8, |m, i| m | 1 << i);
        if capped || r.tie == Tie::Share || mask.is_power_of_two() {
            return Some(mask);
        }
    }
    None
}

/// A-24 with exact 1/60 units.
fn pay_chips(r: &HeartsRules, totals: &mut [i64; MAX_PLAYERS], pot: &mut i64, result: &HandResult) {
    let n = usize::from(r.players);
    let v = i64::from(r.total_penalty()) * CHIP_UNIT;
    match result.moon_shooter {
        Some(s) if r.moon != Moon::None => {
            for i in (0..n).filter(|&i| i != usize::from(s)) {
                totals[i] -= v;
                totals[usize::from(s)] += v;
            }
        }
        _ => {
            for i in 0..n {
                let paid = i64::from(result.points[i]) * CHIP_UNIT;
                totals[i] -= paid;
                *pot += paid;
            }
            let clean = (0..n).filter(|&i| result.points[i] == 0).count();
            if clean > 0 {
                // The pot holds whole chips and at most 6 players share it, so the share
                // is exact (CHIP_UNIT is divisible by 1..=6).
                let share = *pot / clean as i64;
                debug_assert_eq!(share * clean as i64, *pot);
                for i in (0..n).filter(|&i| result.points[i] == 0) {
                    totals[i] += share;
                }
                *pot = 0;
            }
        }
    }
}

// ---------------------------------------------------------------- text form

/// A chip or point amount in engine units as text: points as an int; chips (1/60 units)
/// as an int or a fraction in lowest terms.
fn amount_text(units: i64, chips: bool) -> String {
    if !chips {
        return units.to_string();
    }
    let g = gcd(units.unsigned_abs(), CHIP_UNIT as u64) as i64;
    let (n, d) = (units / g, CHIP_UNIT / g);
    if d == 1 {
        n.to_string()
    } else {
        format!("{n}/{d}")
    }
}

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Reads an amount written by [`amount_text`], within the constructor's range.
fn read_amount(what: &str, v: &str, chips: bool) -> Result<i64, TextProblem> {
    let limit = MAX_AMOUNT;
    let bad = || {
        syntax(
            format!("{what} {v:?}"),
            if chips {
                format!("a chip amount within ±{limit}: an int or a fraction N/D in lowest terms whose denominator divides 60")
            } else {
                format!("an int within ±{limit}")
            },
        )
    };
    let (n, d) = match v.split_once('/') {
        Some((n, d)) if chips => {
            let (n, d) = (int::<i64>(what, n)?, int::<i64>(what, d)?);
            let reduced = d >= 2 && CHIP_UNIT % d == 0 && gcd(n.unsigned_abs(), d as u64) == 1;
            if !reduced {
                return Err(bad());
            }
            (n, d)
        }
        Some(_) => return Err(bad()),
        None => (int::<i64>(what, v)?, 1),
    };
    if n.unsigned_abs() > limit.unsigned_abs() * d.unsigned_abs() {
        return Err(bad());
    }
    Ok(if chips { n * (CHIP_UNIT / d) } else { n })
}

fn deal_line(keyword: &str, hands: &[CardSet]) -> String {
    let mut out = keyword.to_string();
    for h in hands {
        out.push(' ');
        out.push_str(&card_list(h.into_iter().map(Card::id), Jokers::None));
    }
    out.push('\n');
    out
}

fn illegal(line: &Line<'_>, a: Action, reason: String) -> TextError {
    line.err(TextProblem::Illegal {
        token: a.token(),
        reason,
    })
}

impl HeartsGame {
    /// The `hearts-game` text (docs/text-format.md §4.4).
    ///
    /// # Panics
    /// If a hand was completed by [`HeartsGame::complete_hand`], whose actions are not
    /// logged.
    pub fn to_text(&self) -> String {
        assert!(
            self.logged,
            "a game played with complete_hand has no text form"
        );
        let r = &self.rules;
        let n = usize::from(r.players);
        let chips = r.scoring == Scoring::Chips;
        let mut out = header(Kind::HeartsGame);
        out.push_str(&rules_line(r));
        let totals: Vec<String> = self.start_totals[..n]
            .iter()
            .map(|&t| amount_text(t, chips))
            .collect();
        let _ = writeln!(
            out,
            "game first_dealer={} totals={} pot={}",
            self.first_dealer,
            totals.join(","),
            amount_text(self.start_pot, chips)
        );
        for log in self.played.iter().chain(std::iter::once(&self.log)) {
            log.write_block(&mut out);
        }
        let _ = write!(out, "future rng={}", generator(self.rng));
        if !self.directions.is_empty() {
            out.push_str(" directions=");
            out.push_str(&join(self.directions.iter().map(|d| d.name())));
        }
        out.push('\n');
        for d in &self.deals {
            out.push_str(&deal_line("queued", &d[..n]));
        }
        out
    }

    /// Reads a `hearts-game` text, replaying every hand.
    pub fn from_text(text: &str) -> Result<HeartsGame, TextError> {
        let mut lines = Lines::new(text, Kind::HeartsGame)?;
        let rules: HeartsRules = read_rules(&mut lines)?;
        let n = rules.players;
        let chips = rules.scoring == Scoring::Chips;
        let game = lines.expect("game")?;
        let v = game.pairs(&["first_dealer", "totals", "pot"])?;
        let first_dealer = game.at(int::<u8>("first_dealer", v[0]))?;
        if first_dealer >= n {
            return Err(game.err(syntax(
                format!("first_dealer {first_dealer}"),
                format!("a seat 0..={}", n - 1),
            )));
        }
        let totals = v[1]
            .split(',')
            .map(|t| game.at(read_amount("totals", t, chips)))
            .collect::<Result<Vec<i64>, _>>()?;
        let pot = game.at(read_amount("pot", v[2], true))?;
        HeartsGame::check_scores(&rules, &totals, pot)
            .map_err(|e| game.err(TextProblem::Inconsistent(e.to_string())))?;
        let mut blocks = vec![read_block(&mut lines)?];
        while lines.peek() == Some("hand") {
            blocks.push(read_block(&mut lines)?);
        }
        let future = lines.expect("future")?;
        let random = rules.pass_direction == PassDirection::Random;
        let (rng, directions) = match future.fields.as_slice() {
            [_] => (future.pairs(&["rng"])?[0], None),
            _ => {
                let v = future.pairs(&["rng", "directions"])?;
                (v[0], Some(v[1]))
            }
        };
        let rng = future.at(read_generator("rng", rng))?;
        let mut queued_dirs = VecDeque::new();
        if let Some(ds) = directions {
            if !random {
                return Err(future.err(TextProblem::Inconsistent(
                    "directions can be queued only when the rules' pass_direction is random".into(),
                )));
            }
            for d in ds.split(',') {
                let d = HandDirection::from_name(d)
                    .filter(|&x| rules.effective(x) == x)
                    .ok_or_else(|| {
                        future.err(syntax(
                            format!("direction {d:?}"),
                            format!(
                                "one of {} possible with {n} players",
                                HandDirection::allowed()
                            ),
                        ))
                    })?;
                queued_dirs.push_back(d);
            }
        }
        let mut queued = VecDeque::new();
        while let Some(q) = lines.take_if("queued") {
            queued.push_back(q);
        }
        lines.finish()?;

        // The hands as the game deals them: dealer and index from the game, the deal and
        // direction from the text (checked as the constructor checks them).
        let mut deals = Vec::with_capacity(blocks.len());
        let mut dirs = Vec::new();
        for (h, b) in blocks.iter().enumerate() {
            let dealer = ((usize::from(first_dealer) + h) % usize::from(n)) as u8;
            if b.hand.dealer != dealer || b.hand.index != h as u64 {
                return Err(b.hand.line.err(TextProblem::Inconsistent(format!(
                    "hand {h} of this game has dealer={dealer} index={h}"
                ))));
            }
            let s = start(&rules, b)?;
            let mut arr = [CardSet::EMPTY; MAX_PLAYERS];
            arr[..usize::from(n)].copy_from_slice(s.dealt());
            deals.push(arr);
            if random {
                dirs.push(b.direction);
            }
        }
        let mut g = HeartsGame::new(&rules, 0, first_dealer, deals, dirs);
        g.set_scores(&totals, pot);
        for (h, b) in blocks.iter().enumerate() {
            let mut prev: Option<Action> = None;
            for &a in &b.actions.list {
                if g.history.len() > h {
                    return Err(b.actions.line.err(TextProblem::Inconsistent(format!(
                        "hand {h} is over after {}; {} cannot follow",
                        prev.map_or(String::new(), Action::token),
                        a.token()
                    ))));
                }
                g.try_apply(a)
                    .map_err(|e| illegal(&b.actions.line, a, e.to_string()))?;
                prev = Some(a);
            }
            let (ended, next) = ((g.history.len() > h, g.over), blocks.get(h + 1));
            check_hand_chain(h, ended, next.map(|n| &n.hand.line), &b.actions.line)?;
        }
        g.rng = rng;
        g.directions = queued_dirs;
        let played = g.played.len() + 1;
        for (i, q) in queued.iter().enumerate() {
            let h = played + i;
            let dealer = ((usize::from(first_dealer) + h) % usize::from(n)) as u8;
            let mut hands = Vec::new();
            for f in &q.fields {
                hands.push(q.at(card_ids(f, Jokers::None))?);
            }
            let mut sets = Vec::new();
            for ids in hands {
                let mut set = CardSet::EMPTY;
                for id in ids {
                    let c = Card::new_unchecked(id);
                    if set.contains(c) {
                        return Err(
                            q.err(TextProblem::Deal(format!("{c} is dealt more than once")))
                        );
                    }
                    set.insert(c);
                }
                sets.push(set);
            }
            let s = HeartsState::from_deal(&rules, &sets, dealer, h as u64, HandDirection::Hold)
                .map_err(|e| q.err(TextProblem::Deal(e.to_string())))?;
            let mut arr = [CardSet::EMPTY; MAX_PLAYERS];
            arr[..usize::from(n)].copy_from_slice(s.dealt());
            g.deals.push_back(arr);
        }
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::text::{check_resumes, TextIo};

    /// One random legal move (a pass for a pending seat, else a play).
    fn step(g: &mut HeartsGame, rng: &mut Rng) {
        let s = *g.state();
        if s.phase() == Phase::Pass {
            let seat = (0..s.num_players())
                .find(|&p| s.pending_passes() >> p & 1 != 0)
                .unwrap();
            let cards = s.hands()[usize::from(seat)]
                .into_iter()
                .take(usize::from(s.pass_count()))
                .collect();
            g.pass_cards(seat, cards).unwrap();
        } else {
            let legal = s.legal_plays();
            g.try_play(legal.nth(rng.below(legal.count())).unwrap())
                .unwrap();
        }
    }

    #[test]
    fn a_finished_game_refuses_every_action_and_stays_unchanged() {
        let rules = HeartsRules {
            max_hands: Some(1),
            ..HeartsRules::default()
        };
        let mut g = HeartsGame::new(&rules, 4, 0, Vec::new(), Vec::new());
        let mut rng = Rng::new(9);
        while !g.is_over() {
            step(&mut g, &mut rng);
        }
        let before = g.clone();
        let card = Card::new_unchecked(0);
        assert_eq!(g.try_play(card), Err(PlayError::WrongPhase(Phase::Over)));
        assert!(g.pass_cards(0, CardSet::EMPTY).is_err());
        assert!(g.forward(0).is_err());
        assert!(g.try_apply(Action::Play(card)).is_err());
        assert_eq!(g, before);
    }

    #[test]
    fn a_game_round_trips_at_every_step_and_deals_on_identically() {
        let rules = HeartsRules {
            scoring: Scoring::Chips,
            starting_chips: 7,
            max_hands: Some(3),
            ..HeartsRules::default()
        };
        let mut g = HeartsGame::new(&rules, 11, 2, Vec::new(), Vec::new());
        g.set_scores(&[420, 400, 430, 410], 120);
        let io: TextIo<HeartsGame> = (
            HeartsGame::to_text,
            HeartsGame::from_text,
            HeartsGame::is_over,
        );
        let g = check_resumes(g, Rng::new(4), 24, io, step);
        assert!(g.to_text().contains("totals=7,20/3,43/6,41/6 pot=2"));
    }
}
