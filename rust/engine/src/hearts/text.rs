//! The `hearts-state` text (docs/text-format.md §4.1) and the pieces the `hearts-game` text
//! shares with it: the rules line, a hand's `hand`/`deal`/`actions` block, and its replay.
//!
//! ```text
//! hearts-fast/1 hearts-state
//! rules pass_direction=left
//! hand dealer=0 index=0 direction=left
//! deal 4C,6C,… 3C,5C,… 2C,9C,… 8C,TC,…
//! actions pass:0:AC,AD,QS pass:1:KD,AH,KS … 2C 8C 4C 3C
//! ```

use super::rules::{HandDirection, HeartsRules};
use super::state::{HeartsState, MAX_PLAYERS};
use crate::core::text::{
    card, card_ids, card_list, header, int, read_rules, rules_line, syntax, Actions, HandLine,
    Jokers, Kind, Line, Lines, TextError, TextProblem,
};
use crate::core::Card;
use crate::core::CardSet;
use std::fmt::Write as _;

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

impl Action {
    /// The seat of a pass-phase decision.
    const fn pass_seat(self) -> Option<u8> {
        match self {
            Action::Pass(s, _) | Action::Forward(s) => Some(s),
            Action::Play(_) => None,
        }
    }

    /// The action's token (`pass:0:2C,3C,4C`, `forward:1`, `QS`).
    pub fn token(self) -> String {
        match self {
            Action::Pass(seat, cards) => format!(
                "pass:{seat}:{}",
                card_list(cards.into_iter().map(Card::id), Jokers::None)
            ),
            Action::Forward(seat) => format!("forward:{seat}"),
            Action::Play(c) => c.to_string(),
        }
    }
}

/// A hand's initial deal plus its actions: what the text form stores.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct HandLog {
    /// The state as dealt.
    pub initial: HeartsState,
    /// The actions applied since, in order, except that the pass-phase decisions (which are
    /// simultaneous) are kept in seat order.
    pub actions: Vec<Action>,
}

crate::rule_set!(HeartsRules);

/// Rules from `name=value` words separated by spaces (missing parameters keep their
/// defaults), validated: the rules column of the perft table.
pub fn rules_from_text(s: &str) -> Result<HeartsRules, TextError> {
    let text = format!("{}rules {s}\n", header(Kind::HeartsState));
    let mut lines = Lines::new(&text, Kind::HeartsState)?;
    read_rules(&mut lines)
}

/// The rules line's pairs: the parameters that differ from the defaults.
pub fn rules_to_text(r: &HeartsRules) -> String {
    rules_line(r)
        .trim_end()
        .trim_start_matches("rules")
        .trim()
        .to_string()
}

fn seat_token(line: &Line<'_>, tok: &str, v: &str) -> Result<u8, TextError> {
    line.at(int::<u8>(&format!("the seat in {tok:?}"), v))
}

/// Parses one action token.
fn parse_action(line: &Line<'_>, tok: &str) -> Result<Action, TextError> {
    if let Some(rest) = tok.strip_prefix("pass:") {
        let (seat, cards) = rest
            .split_once(':')
            .ok_or_else(|| line.err(syntax(format!("the action {tok:?}"), "pass:SEAT:CARDS")))?;
        let seat = seat_token(line, tok, seat)?;
        let ids = line.at(card_ids(cards, Jokers::None))?;
        let mut set = CardSet::EMPTY;
        for id in ids {
            let c = Card::new_unchecked(id);
            if set.contains(c) {
                return Err(line.err(syntax(
                    format!("the action {tok:?}"),
                    "distinct cards (a card is repeated)",
                )));
            }
            set.insert(c);
        }
        Ok(Action::Pass(seat, set))
    } else if let Some(seat) = tok.strip_prefix("forward:") {
        Ok(Action::Forward(seat_token(line, tok, seat)?))
    } else {
        card(tok, Jokers::None).map(Action::Play).map_err(|_| {
            line.err(syntax(
                format!("the action {tok:?}"),
                "pass:SEAT:CARDS, forward:SEAT or a card played (e.g. QS)",
            ))
        })
    }
}

/// Applies one action with the engine's checks; the refusal names the token.
fn apply(s: &mut HeartsState, a: Action) -> Result<(), TextProblem> {
    s.try_apply(a).map_err(|e| TextProblem::Illegal {
        token: a.token(),
        reason: e.to_string(),
    })
}

/// A parsed `hand`/`deal`/`actions` block, not yet replayed.
pub(super) struct Block<'a> {
    pub hand: HandLine<'a>,
    pub direction: HandDirection,
    pub deal: Line<'a>,
    pub hands: Vec<CardSet>,
    pub actions: Actions<'a, Action>,
}

impl HandLog {
    /// A log with no actions yet.
    pub fn new(initial: HeartsState) -> HandLog {
        HandLog {
            initial,
            actions: Vec::new(),
        }
    }

    /// Records an action already applied: pass-phase decisions are kept in seat order.
    pub fn record(&mut self, a: Action) {
        if let Some(seat) = a.pass_seat() {
            let at = self
                .actions
                .iter()
                .position(|b| b.pass_seat().map_or(true, |s| s > seat))
                .unwrap_or(self.actions.len());
            self.actions.insert(at, a);
        } else {
            self.actions.push(a);
        }
    }

    /// Replays the actions on the initial state.
    pub fn replay(&self) -> Result<HeartsState, TextProblem> {
        let mut s = self.initial;
        for a in &self.actions {
            apply(&mut s, *a)?;
        }
        Ok(s)
    }

    /// The `hand`, `deal` and `actions` lines.
    pub(super) fn write_block(&self, out: &mut String) {
        let s = &self.initial;
        let _ = write!(
            out,
            "hand dealer={} index={} direction={}\ndeal",
            s.dealer(),
            s.hand_index(),
            s.pass_direction().name()
        );
        for h in s.dealt() {
            out.push(' ');
            out.push_str(&card_list(h.into_iter().map(Card::id), Jokers::None));
        }
        out.push_str("\nactions");
        for a in &self.actions {
            out.push(' ');
            out.push_str(&a.token());
        }
        out.push('\n');
    }

    /// The `hearts-state` text.
    pub fn to_text(&self) -> String {
        let mut out = header(Kind::HeartsState);
        out.push_str(&rules_line(self.initial.rules()));
        self.write_block(&mut out);
        out
    }

    /// Reads a `hearts-state` text and replays it: the log and the state reached.
    pub fn from_text(text: &str) -> Result<(HandLog, HeartsState), TextError> {
        let mut lines = Lines::new(text, Kind::HeartsState)?;
        let rules: HeartsRules = read_rules(&mut lines)?;
        let block = read_block(&mut lines)?;
        lines.finish()?;
        let initial = start(&rules, &block)?;
        let mut log = HandLog::new(initial);
        let mut state = initial;
        for a in &block.actions.list {
            block.actions.line.at(apply(&mut state, *a))?;
            log.record(*a);
        }
        Ok((log, state))
    }
}

/// Parses a `hand`/`deal`/`actions` block.
pub(super) fn read_block<'a>(lines: &mut Lines<'a>) -> Result<Block<'a>, TextError> {
    let (hand, v) = lines.hand(&["direction"])?;
    let direction = HandDirection::from_name(v[0]).ok_or_else(|| {
        hand.line.err(syntax(
            format!("direction {:?}", v[0]),
            format!("one of {}", HandDirection::allowed()),
        ))
    })?;
    let deal = lines.expect("deal")?;
    let mut hands = Vec::with_capacity(deal.fields.len());
    for f in &deal.fields {
        let ids = deal.at(card_ids(f, Jokers::None))?;
        let mut set = CardSet::EMPTY;
        for id in ids {
            let c = Card::new_unchecked(id);
            if set.contains(c) {
                return Err(deal.err(TextProblem::Deal(format!("{c} is dealt more than once"))));
            }
            set.insert(c);
        }
        hands.push(set);
    }
    Ok(Block {
        hand,
        direction,
        deal,
        hands,
        actions: lines.actions(parse_action)?,
    })
}

/// The block's initial state: the deal checked as `from_deal` checks it, and the direction
/// checked against the rules.
pub(super) fn start(rules: &HeartsRules, b: &Block<'_>) -> Result<HeartsState, TextError> {
    match rules.hand_direction(b.hand.index) {
        Some(d) if d != b.direction => {
            return Err(b.hand.line.err(TextProblem::Inconsistent(format!(
                "the rules' pass direction for hand {} is {}, not {}",
                b.hand.index,
                d.name(),
                b.direction.name()
            ))))
        }
        None if rules.effective(b.direction) != b.direction => {
            return Err(b.hand.line.err(TextProblem::Inconsistent(format!(
                "there is no direction {} with {} players (it is hold)",
                b.direction.name(),
                rules.players
            ))))
        }
        _ => {}
    }
    if b.hand.dealer >= rules.players {
        return Err(b.hand.line.err(syntax(
            format!("dealer {}", b.hand.dealer),
            format!("a seat 0..={}", rules.players - 1),
        )));
    }
    HeartsState::from_deal(rules, &b.hands, b.hand.dealer, b.hand.index, b.direction)
        .map_err(|e| b.deal.err(TextProblem::Deal(e.to_string())))
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
        assert_eq!(rules_to_text(&HeartsRules::default()), "");
    }

    #[test]
    fn hand_round_trip_through_random_play() {
        let rules = HeartsRules::default();
        let mut rng = Rng::new(5);
        let mut log = HandLog::new(HeartsState::deal(&rules, 2, 0, &mut rng));
        let mut s = log.initial;
        for seat in [3, 1, 0, 2] {
            let k = usize::from(s.pass_count());
            let cards: CardSet = s.hands()[seat as usize].into_iter().take(k).collect();
            log.record(Action::Pass(seat, cards));
            s.pass_cards(seat, cards).unwrap();
        }
        assert_eq!(
            log.actions
                .iter()
                .map(|a| a.pass_seat())
                .collect::<Vec<_>>(),
            [Some(0), Some(1), Some(2), Some(3)]
        );
        for _ in 0..20 {
            let c = s.legal_plays().first().unwrap();
            log.record(Action::Play(c));
            s.try_play(c).unwrap();
        }
        let (log2, s2) = HandLog::from_text(&log.to_text()).unwrap();
        assert_eq!(log2, log);
        assert_eq!(s2, s);
        assert_eq!(log2.to_text(), log.to_text());
    }

    #[test]
    fn an_illegal_play_is_refused_with_its_line() {
        let rules = HeartsRules::default();
        let log = HandLog::new(HeartsState::deal(&rules, 0, 3, &mut Rng::new(1)));
        let text = log.to_text().replace("actions", "actions QS");
        let e = HandLog::from_text(&text).unwrap_err();
        assert_eq!(e.at.as_ref().map(|a| a.1.as_str()), Some("actions"));
        assert!(matches!(e.problem, TextProblem::Illegal { .. }), "{e}");
    }
}
