//! [`HeartsInfo`]: what one seat of a Hearts hand knows, and full hands that agree with it.

use super::rules::{FirstLead, HandDirection, HeartsRules};
use super::state::{HeartsState, Phase, MAX_PLAYERS};
use super::text::{Action, HandLog};
use crate::core::{Card, CardSet, Trick};
use crate::info::{shown_by_play, Hidden, WorldsError, MAX_SEATS};

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
        if let Some(&(leader, _)) = info.plays.first() {
            if info.rules.first_lead == FirstLead::TwoOfClubs {
                let low = CardSet::single(info.rules.lowest_club());
                info.hidden.known[usize::from(leader)] |= low - played;
            }
        }
        let known = info.hidden.known.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        info.hidden.hidden = deck - played - known;
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
