//! [`HeartsInfo`]: what one seat of a Hearts hand knows, and full hands that agree with it.

use super::rules::{FirstLead, HandDirection, HeartsRules};
use super::state::{HeartsState, Phase, MAX_PLAYERS};
use super::text::{Action, HandLog};
use crate::core::text::{
    header, int, int_list, read_rules, rules_line, syntax, Jokers, Kind, Lines, TextProblem,
};
use crate::core::{Card, CardSet, Rng, TextError, Trick};
use crate::info::{shown_by_play, text, Hidden, Worlds, WorldsError, MAX_SEATS};
use std::fmt::Write as _;

/// What one seat knows of a Hearts hand, and nothing else.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct HeartsInfo {
    /// The rules.
    pub rules: HeartsRules,
    /// The observing seat.
    pub seat: u8,
    /// The dealer.
    pub dealer: u8,
    /// The hand's index in its game.
    pub hand_index: u64,
    /// The hand's pass direction.
    pub direction: HandDirection,
    /// Where the hand is.
    pub phase: Phase,
    /// The seat to act (to play, pass or bid), `None` once the hand is over.
    pub to_move: Option<u8>,
    /// Cards each seat passes this hand (0 when holding).
    pub pass_count: u8,
    /// The seat's hand as dealt.
    pub dealt: CardSet,
    /// The cards the seat passed (empty until it passes, when it forwards, or when holding).
    pub passed: CardSet,
    /// The seat that ended up with them, once every pass is made.
    pub passed_to: Option<u8>,
    /// The cards the seat received, once every pass is made.
    pub received: CardSet,
    /// The seat they came from.
    pub received_from: Option<u8>,
    /// The seats that have made their pass-phase decision (public: a pass is seen being
    /// made, its cards are not), one bit each.
    pub decided: u8,
    /// The seats that declared FORWARD, one bit each.
    pub forwarded: u8,
    /// Every card played this hand, in order, with its seat.
    pub plays: Vec<(u8, Card)>,
    /// The trick being played.
    pub trick: Trick,
    /// The winner of each completed trick.
    pub trick_winners: Vec<u8>,
    /// Penalty points taken per seat.
    pub points: [u32; MAX_PLAYERS],
    /// The game's totals before the hand, per seat (empty for a hand observed on its own).
    pub totals: Vec<i64>,
    /// Where the cards the seat cannot see may be (its own hand is `hidden.known[seat]`).
    pub hidden: Hidden,
}

/// Why a world could not be turned into a full state (a bug if it ever happens: the
/// replay of the observed actions was refused).
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("internal error: a sampled world does not replay: {0}")]
pub struct WorldReplayError(pub String);

impl HeartsInfo {
    /// What `seat` knows of the hand `log` records. `None` when `seat` is not at the table.
    pub fn observe(log: &HandLog, seat: u8) -> Option<HeartsInfo> {
        let mut s = log.initial;
        let n = s.num_players();
        if seat >= n {
            return None;
        }
        let me = usize::from(seat);
        let deck = s.rules().deck();
        let mut info = HeartsInfo {
            rules: *s.rules(),
            seat,
            dealer: s.dealer(),
            hand_index: s.hand_index(),
            direction: s.pass_direction(),
            phase: s.phase(),
            to_move: None,
            pass_count: s.pass_count(),
            dealt: s.dealt()[me],
            passed: CardSet::EMPTY,
            passed_to: None,
            received: CardSet::EMPTY,
            received_from: None,
            decided: 0,
            forwarded: 0,
            plays: Vec::new(),
            trick: Trick::new(),
            trick_winners: Vec::new(),
            points: [0; MAX_PLAYERS],
            totals: Vec::new(),
            hidden: Hidden {
                seats: n,
                sizes: [0; MAX_SEATS],
                known: [CardSet::EMPTY; MAX_SEATS],
                lacks: [CardSet::EMPTY; MAX_SEATS],
                hidden: CardSet::EMPTY,
                quota: CardSet::EMPTY,
                quotas: [None; MAX_SEATS],
            },
        };
        let mut passes_done = s.phase() != Phase::Pass;
        for &a in &log.actions {
            match a {
                Action::Pass(p, cards) => {
                    info.decided |= 1 << p;
                    if p == seat {
                        info.passed = cards;
                    }
                }
                Action::Forward(p) => {
                    info.decided |= 1 << p;
                    info.forwarded |= 1 << p;
                }
                Action::Play(card) => {
                    if let Some(p) = s.current_player() {
                        info.hidden.lacks[usize::from(p)] |= shown_by_play(&s, card, deck);
                        info.plays.push((p, card));
                    }
                }
            }
            if s.try_apply(a).is_err() {
                // A log only holds applied actions; stop rather than guess.
                break;
            }
            if !passes_done && s.phase() != Phase::Pass {
                passes_done = true;
                let after = s.hands();
                let kept = info.dealt - info.passed;
                info.received = after[me] - kept;
                if !info.passed.is_empty() {
                    info.passed_to = (0..n).find(|&t| info.passed.is_subset(after[usize::from(t)]));
                }
                if let Some(c) = info.received.first() {
                    info.received_from = (0..n).find(|&t| s.dealt()[usize::from(t)].contains(c));
                }
            }
        }
        info.phase = s.phase();
        info.to_move = s.current_player();
        info.trick = *s.trick();
        info.trick_winners = s.trick_winners().to_vec();
        info.points = s.points();
        let played: CardSet = info.plays.iter().map(|&(_, c)| c).collect();
        for t in 0..usize::from(n) {
            info.hidden.sizes[t] = s.hands()[t].count() as u8;
        }
        info.hidden.known[me] = s.hands()[me];
        if let Some(t) = info.passed_to {
            info.hidden.known[usize::from(t)] |= info.passed - played;
        }
        // Under `two_of_clubs` the first leader is the holder of the lowest club.
        let leader = match info.plays.first() {
            Some(&(p, _)) => Some(p),
            None if s.phase() == Phase::Play => s.current_player(),
            None => None,
        };
        if let Some(leader) = leader {
            if info.rules.first_lead == FirstLead::TwoOfClubs {
                let low = CardSet::single(info.rules.lowest_club());
                info.hidden.known[usize::from(leader)] |= low - played;
            }
        }
        let known = info.hidden.known.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        info.hidden.hidden = deck - played - known;
        Some(info)
    }

    /// What `seat` knows of the hand `log` records, played in a game whose totals before
    /// the hand are `totals`.
    pub fn observe_in_game(log: &HandLog, seat: u8, totals: &[i64]) -> Option<HeartsInfo> {
        let mut info = HeartsInfo::observe(log, seat)?;
        info.totals = totals.to_vec();
        Some(info)
    }

    /// The seat's hand now.
    pub fn hand(&self) -> CardSet {
        self.hidden.known[usize::from(self.seat)]
    }

    /// The full state of a world: `hands` (every seat's hand now, from
    /// [`crate::info::Worlds::sample`]) with this hand's public history. The passes the seat
    /// did not see, which nothing later depends on, are filled in a fixed way: a seat passes
    /// the lowest cards that ended in its receiver's hand.
    pub fn world(&self, hands: &[CardSet]) -> Result<HandLog, WorldReplayError> {
        let n = usize::from(self.hidden.seats);
        let k = usize::from(self.pass_count);
        let me = usize::from(self.seat);
        let fail = |e: String| WorldReplayError(e);
        // Every seat's hand after the passes: what it holds plus what it played.
        let mut after: Vec<CardSet> = hands[..n].to_vec();
        for &(p, c) in &self.plays {
            after[usize::from(p)].insert(c);
        }
        let passes_done = self.phase != Phase::Pass;
        let lowest = |set: CardSet| set.into_iter().take(k).collect::<CardSet>();
        let mut gifts = vec![None::<CardSet>; n];
        let mut dealt = after.clone();
        if passes_done && k > 0 {
            // Where each seat's pass ends (forwards followed), found by passing on `after`.
            let mut probe = HeartsState::from_deal(
                &self.rules,
                &after,
                self.dealer,
                self.hand_index,
                self.direction,
            )
            .map_err(|e| fail(e.to_string()))?;
            for t in 0..n {
                let a = if self.forwarded >> t & 1 == 1 {
                    Action::Forward(t as u8)
                } else {
                    Action::Pass(t as u8, lowest(after[t]))
                };
                probe.try_apply(a).map_err(|e| fail(e.to_string()))?;
            }
            let mut receiver = vec![None; n];
            for (t, r) in receiver.iter_mut().enumerate() {
                if self.forwarded >> t & 1 == 0 {
                    let mark = lowest(after[t]);
                    *r = (0..n).find(|&u| mark.is_subset(probe.hands()[u]));
                }
            }
            // The cards each seat received, then what it was dealt.
            let mut received = vec![CardSet::EMPTY; n];
            for t in 0..n {
                let Some(to) = receiver[t] else { continue };
                let gift = if t == me {
                    self.passed
                } else if to == me {
                    self.received
                } else {
                    let pinned = if Some(to as u8) == self.passed_to {
                        self.passed
                    } else {
                        CardSet::EMPTY
                    };
                    lowest(after[to] - pinned)
                };
                gifts[t] = Some(gift);
                received[to] |= gift;
            }
            for t in 0..n {
                dealt[t] = (after[t] - received[t]) | gifts[t].unwrap_or(CardSet::EMPTY);
            }
        }
        let initial = HeartsState::from_deal(
            &self.rules,
            &dealt,
            self.dealer,
            self.hand_index,
            self.direction,
        )
        .map_err(|e| fail(e.to_string()))?;
        let mut log = HandLog::new(initial);
        let mut state = initial;
        for t in 0..n {
            if self.decided >> t & 1 == 0 {
                continue;
            }
            let a = if self.forwarded >> t & 1 == 1 {
                Action::Forward(t as u8)
            } else if t == me {
                Action::Pass(t as u8, self.passed)
            } else {
                Action::Pass(t as u8, gifts[t].unwrap_or_else(|| lowest(dealt[t])))
            };
            state.try_apply(a).map_err(|e| fail(e.to_string()))?;
            log.record(a);
        }
        for &(_, c) in &self.plays {
            state
                .try_apply(Action::Play(c))
                .map_err(|e| fail(e.to_string()))?;
            log.record(Action::Play(c));
        }
        if state.hands() != &hands[..n] {
            return Err(fail("the replayed hands differ from the world".into()));
        }
        Ok(log)
    }

    /// Checks that a world is possible at all (the sampler's errors).
    pub fn check(&self) -> Result<(), WorldsError> {
        crate::info::Worlds::new(self.hidden).map(|_| ())
    }
}

impl HeartsInfo {
    /// The `hearts-info` text (docs/text-format.md): every field, one line each.
    pub fn to_text(&self) -> String {
        let j = Jokers::None;
        let n = self.hidden.seats;
        let mut out = header(Kind::HeartsInfo);
        out.push_str(&rules_line(&self.rules));
        let _ = writeln!(
            out,
            "hand dealer={} index={} direction={}",
            self.dealer,
            self.hand_index,
            self.direction.name()
        );
        let _ = writeln!(
            out,
            "phase {} {}",
            self.phase.name(),
            text::opt_seat(self.to_move)
        );
        let _ = writeln!(
            out,
            "pass count={} dealt={} passed={} to={} received={} from={} decided={} forwarded={}",
            self.pass_count,
            text::set(self.dealt, j),
            text::set(self.passed, j),
            text::opt_seat(self.passed_to),
            text::set(self.received, j),
            text::opt_seat(self.received_from),
            text::mask(self.decided, n),
            text::mask(self.forwarded, n),
        );
        text::write(
            &mut out,
            &text::Shared {
                seat: self.seat,
                plays: self.plays.clone(),
                trick: self.trick,
                winners: self.trick_winners.clone(),
                hidden: self.hidden,
            },
            j,
        );
        let points: Vec<String> = self.points[..usize::from(n)]
            .iter()
            .map(u32::to_string)
            .collect();
        let _ = writeln!(out, "points {}", points.join(","));
        let totals: Vec<String> = self.totals.iter().map(i64::to_string).collect();
        let totals = if totals.is_empty() {
            "-".to_string()
        } else {
            totals.join(",")
        };
        let _ = writeln!(out, "totals {totals}");
        out
    }

    /// Reads a `hearts-info` text, accepted only if it is what some hand shows its seat: a
    /// world is rebuilt from it and observed again, and must give the same text.
    pub fn from_text(text: &str) -> Result<HeartsInfo, TextError> {
        let j = Jokers::None;
        let mut lines = Lines::new(text, Kind::HeartsInfo)?;
        let rules: HeartsRules = read_rules(&mut lines)?;
        let n = rules.players;
        let (hand, v) = lines.hand(&["direction"])?;
        let direction = HandDirection::from_name(v[0]).ok_or_else(|| {
            hand.line.err(syntax(
                format!("direction {:?}", v[0]),
                format!("one of {}", HandDirection::allowed()),
            ))
        })?;
        if hand.dealer >= n {
            return Err(hand
                .line
                .err(syntax("the dealer", format!("a seat 0..{}", n - 1))));
        }
        let line = lines.expect("phase")?;
        let (phase, to_move) = match line.fields.as_slice() {
            [phase, to_move] => (*phase, text::read_opt_seat(&line, to_move, n)?),
            _ => return Err(line.err(syntax("the phase line", "phase PHASE SEAT|-"))),
        };
        let phase = match [phase] {
            ["pass"] => Phase::Pass,
            ["play"] => Phase::Play,
            ["over"] => Phase::Over,
            _ => return Err(line.err(syntax("the phase", "pass, play or over"))),
        };
        let line = lines.expect("pass")?;
        let v = line.pairs(&[
            "count",
            "dealt",
            "passed",
            "to",
            "received",
            "from",
            "decided",
            "forwarded",
        ])?;
        let pass_count = line.at(int::<u8>("the pass count", v[0]))?;
        let dealt = text::read_set(&line, v[1], j)?;
        let passed = text::read_set(&line, v[2], j)?;
        let passed_to = text::read_opt_seat(&line, v[3], n)?;
        let received = text::read_set(&line, v[4], j)?;
        let received_from = text::read_opt_seat(&line, v[5], n)?;
        let decided = text::read_mask(&line, v[6], n)?;
        let forwarded = text::read_mask(&line, v[7], n)?;
        let shared = text::read(&mut lines, n, rules.deck(), j)?;
        let line = lines.expect("points")?;
        let points_list = match line.fields.as_slice() {
            [v] => line.at(int_list::<u32>("points", v))?,
            _ => Vec::new(),
        };
        if points_list.len() != usize::from(n) {
            return Err(line.err(syntax("the points", format!("{n} numbers joined by ,"))));
        }
        let mut points = [0; MAX_PLAYERS];
        points[..usize::from(n)].copy_from_slice(&points_list);
        let line = lines.expect("totals")?;
        let totals = match line.fields.as_slice() {
            ["-"] => Vec::new(),
            [v] => line.at(int_list::<i64>("totals", v))?,
            _ => Vec::new(),
        };
        if !(totals.is_empty() || totals.len() == usize::from(n)) {
            return Err(line.err(syntax(
                "the totals",
                format!("- or {n} numbers joined by ,"),
            )));
        }
        lines.finish()?;
        let info = HeartsInfo {
            rules,
            seat: shared.seat,
            dealer: hand.dealer,
            hand_index: hand.index,
            direction,
            phase,
            to_move,
            pass_count,
            dealt,
            passed,
            passed_to,
            received,
            received_from,
            decided,
            forwarded,
            plays: shared.plays,
            trick: shared.trick,
            trick_winners: shared.winners,
            points,
            totals,
            hidden: shared.hidden,
        };
        info.verify().map_err(|why| {
            hand.line.err(TextProblem::Inconsistent(format!(
                "no hand shows seat {} this: {why}",
                info.seat
            )))
        })?;
        Ok(info)
    }

    /// Checks that some hand shows the seat exactly this: a world drawn from it replays and
    /// is observed the same.
    pub fn verify(&self) -> Result<(), String> {
        let mut worlds = Worlds::new(self.hidden).map_err(|e| e.to_string())?;
        let hands = worlds.sample(&mut Rng::new(0));
        let log = self.world(&hands).map_err(|e| e.0)?;
        match HeartsInfo::observe_in_game(&log, self.seat, &self.totals) {
            Some(again) if again == *self => Ok(()),
            _ => Err("its fields do not agree with one another".into()),
        }
    }
}
