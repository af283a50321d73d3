//! A text form for a hand that round-trips: the rules, the deal and every action so far.
//!
//! ```text
//! hearts v1 | players=4 deck_adjust=remove_cards … | dealer=0 hand_index=0 direction=left
//!   | 2C 5D … / 3C … / … / … | pass0=2C,3C,4C,5C forward1 … play=2C play=5C …
//! ```
//! (one line; shown wrapped). The state is rebuilt by replaying the actions, so a text
//! that parses always describes a reachable state.

use super::rules::{HandDirection, HeartsRules};
use super::state::{DealError, HeartsState, PassError, PlayError, MAX_PLAYERS};
use crate::core::{Card, CardSet, TextError};
use std::fmt::Write;

/// One action of a hand.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub enum Action {
    /// A seat passes these cards.
    Pass(u8, CardSet),
    /// A seat forwards (A-11).
    Forward(u8),
    /// The player to move plays a card.
    Play(Card),
}

/// A hand's initial deal plus its actions: what the text form stores.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct HandLog {
    /// The state as dealt.
    pub initial: HeartsState,
    /// The actions applied since, in order.
    pub actions: Vec<Action>,
}

const HEADER: &str = "hearts v1";

fn write_set(out: &mut String, set: CardSet, sep: char) {
    for (i, c) in set.into_iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        let _ = write!(out, "{c}");
    }
}

/// The rules as `name=value` words, every parameter, in docs/rules/hearts.md A.1 order
/// ([`HeartsRules::to_text`]).
pub fn rules_to_text(r: &HeartsRules) -> String {
    r.to_text()
}

fn err<T>(s: impl Into<String>) -> Result<T, TextError> {
    Err(TextError(s.into()))
}

/// Parses [`rules_to_text`] output (missing parameters keep their defaults) and validates.
pub fn rules_from_text(s: &str) -> Result<HeartsRules, TextError> {
    let r = HeartsRules::from_text(s).map_err(|e| TextError(e.0))?;
    r.validate().map_err(|e| TextError(e.0))?;
    Ok(r)
}

fn parse_cards(s: &str, sep: char) -> Result<CardSet, TextError> {
    let mut set = CardSet::EMPTY;
    for t in s.split(sep).filter(|t| !t.is_empty()) {
        let c: Card = t
            .parse()
            .map_err(|_| TextError(format!("bad card {t:?}")))?;
        if set.contains(c) {
            return err(format!("card {c} repeated"));
        }
        set.insert(c);
    }
    Ok(set)
}

impl HandLog {
    /// A log with no actions yet.
    pub fn new(initial: HeartsState) -> HandLog {
        HandLog {
            initial,
            actions: Vec::new(),
        }
    }

    /// Replays the actions on the initial state.
    pub fn replay(&self) -> Result<HeartsState, TextError> {
        let mut s = self.initial;
        for a in &self.actions {
            apply(&mut s, *a).map_err(TextError)?;
        }
        Ok(s)
    }

    /// The one-line text form.
    pub fn to_text(&self) -> String {
        let s = &self.initial;
        let mut out = format!(
            "{HEADER} | {} | dealer={} hand_index={} direction={} | ",
            rules_to_text(s.rules()),
            s.dealer(),
            s.hand_index(),
            s.pass_direction()
        );
        for (i, h) in s.dealt().iter().enumerate() {
            if i > 0 {
                out.push_str(" / ");
            }
            write_set(&mut out, *h, ' ');
        }
        out.push_str(" |");
        for a in &self.actions {
            out.push(' ');
            match a {
                Action::Pass(seat, cards) => {
                    let _ = write!(out, "pass{seat}=");
                    write_set(&mut out, *cards, ',');
                }
                Action::Forward(seat) => {
                    let _ = write!(out, "forward{seat}");
                }
                Action::Play(c) => {
                    let _ = write!(out, "play={c}");
                }
            }
        }
        out
    }

    /// Parses [`HandLog::to_text`] output and replays it.
    pub fn from_text(text: &str) -> Result<(HandLog, HeartsState), TextError> {
        let parts: Vec<&str> = text.split('|').map(str::trim).collect();
        if parts.len() != 5 || parts[0] != HEADER {
            return err(format!(
                "expected 5 '|'-separated parts starting with {HEADER:?}"
            ));
        }
        let rules = rules_from_text(parts[1])?;
        let (mut dealer, mut hand_index, mut direction) = (0u8, 0u64, None);
        for word in parts[2].split_whitespace() {
            match word.split_once('=') {
                Some(("dealer", v)) => dealer = v.parse().or_else(|_| err("bad dealer"))?,
                Some(("hand_index", v)) => {
                    hand_index = v.parse().or_else(|_| err("bad hand_index"))?;
                }
                Some(("direction", v)) => direction = HandDirection::from_name(v),
                _ => return err(format!("unexpected {word:?}")),
            }
        }
        let direction = direction.ok_or_else(|| TextError("missing direction".into()))?;
        let hands = parts[3]
            .split('/')
            .map(|h| parse_cards(h.trim(), ' '))
            .collect::<Result<Vec<_>, _>>()?;
        let initial = HeartsState::from_deal(&rules, &hands, dealer, hand_index, direction)
            .map_err(|e: DealError| TextError(e.to_string()))?;
        if rules
            .hand_direction(hand_index)
            .is_some_and(|d| d != initial.pass_direction())
        {
            return err("direction does not match the rules for this hand_index");
        }
        let mut log = HandLog::new(initial);
        for word in parts[4].split_whitespace() {
            let a = if let Some(c) = word.strip_prefix("play=") {
                Action::Play(
                    c.parse()
                        .map_err(|_| TextError(format!("bad card {c:?}")))?,
                )
            } else if let Some(seat) = word.strip_prefix("forward") {
                Action::Forward(
                    seat.parse()
                        .or_else(|_| err(format!("bad seat in {word:?}")))?,
                )
            } else if let Some(rest) = word.strip_prefix("pass") {
                let (seat, cards) = rest
                    .split_once('=')
                    .ok_or_else(|| TextError(format!("bad {word:?}")))?;
                let seat = seat
                    .parse()
                    .or_else(|_| err(format!("bad seat in {word:?}")))?;
                Action::Pass(seat, parse_cards(cards, ',')?)
            } else {
                return err(format!("unknown action {word:?}"));
            };
            log.actions.push(a);
        }
        let state = log.replay()?;
        Ok((log, state))
    }
}

/// Applies one action, with the engine's error text on refusal.
pub fn apply(s: &mut HeartsState, a: Action) -> Result<(), String> {
    match a {
        Action::Pass(seat, cards) => s
            .pass_cards(seat, cards)
            .map_err(|e: PassError| e.to_string()),
        Action::Forward(seat) => s.forward(seat).map_err(|e: PassError| e.to_string()),
        Action::Play(c) => s.try_play(c).map_err(|e: PlayError| e.to_string()),
    }
}

const _: () = assert!(MAX_PLAYERS <= 8);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rng;

    #[test]
    fn rules_round_trip() {
        for p in crate::hearts::HeartsPreset::ALL {
            let r = HeartsRules::preset(*p);
            assert_eq!(rules_from_text(&rules_to_text(&r)).unwrap(), r);
        }
    }

    #[test]
    fn hand_round_trip_through_random_play() {
        let rules = HeartsRules::default();
        let mut rng = Rng::new(5);
        let mut log = HandLog::new(HeartsState::deal(&rules, 2, 0, &mut rng));
        let mut s = log.initial;
        for seat in 0..4 {
            let cards: CardSet = s.hands()[seat as usize].into_iter().take(4).collect();
            log.actions.push(Action::Pass(seat, cards));
            s.pass_cards(seat, cards).unwrap();
        }
        for _ in 0..20 {
            let c = s.legal_plays().first().unwrap();
            log.actions.push(Action::Play(c));
            s.try_play(c).unwrap();
        }
        let (log2, s2) = HandLog::from_text(&log.to_text()).unwrap();
        assert_eq!(log2, log);
        assert_eq!(s2, s);
    }
}
