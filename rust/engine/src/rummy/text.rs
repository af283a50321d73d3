//! The `rummy-state` text (docs/text-format.md §4.3) and the pieces the `rummy-game` text
//! shares with it: the rules line, the hand's log (deal, actions and reshuffles) and its
//! `hand`/`deal`/`actions` block.
//!
//! ```text
//! hearts-fast/1 rummy-state
//! rules players=2
//! hand dealer=0 index=0 totals=0,0
//! deal 2C,5C,… 3D,QS,… stock=9H,JK,… pile=7D
//! actions draw end discard:5C draw open:5H,6H,7H/9C,9D,9S end discard:3D
//! future rng=wyrand:0123456789abcdef
//! ```

use super::position::check_position;
use super::rules::RummyRules;
use super::rules::MAX_TOTAL;
use super::state::{check_deal, check_totals, Action, ActionError, End, Meld, RummyState};
use crate::core::text::{
    card_id, card_ids, card_list, generator, header, int, int_list, read_generator, read_rules,
    rules_line, syntax, Actions, HandLine, Jokers, Kind, Line, Lines, TextError, TextProblem,
};
use crate::core::Rng;
use std::fmt::Write as _;

crate::rule_set!(RummyRules);

/// What happened in a hand after its deal.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub enum Event {
    /// An action.
    Action(Action),
    /// A C-19 reshuffle made this stock (top first).
    Reshuffle(Vec<u8>),
}

/// A hand's deal (before any C-19 reshuffle) and everything since.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct RummyLog {
    /// The hands, ascending ids.
    pub hands: Vec<Vec<u8>>,
    /// The stock, top first.
    pub stock: Vec<u8>,
    /// The pile, bottom first.
    pub pile: Vec<u8>,
    /// The actions and reshuffles in order.
    pub events: Vec<Event>,
}

impl RummyLog {
    /// The log of a hand that has not moved yet.
    pub(super) fn new(s: &RummyState) -> RummyLog {
        RummyLog {
            hands: s
                .hands()
                .iter()
                .map(super::meld::Multiset::to_vec)
                .collect(),
            stock: s.stock(),
            pile: s.pile().to_vec(),
            events: Vec::new(),
        }
    }
}

const J: Jokers = Jokers::Rummy;

fn meld_text(m: &[u8]) -> String {
    card_list(m.iter().copied(), J)
}

fn melds_text(ms: &[Meld]) -> String {
    ms.iter()
        .map(|m| meld_text(m))
        .collect::<Vec<_>>()
        .join("/")
}

/// An action's (or reshuffle's) token.
pub fn event_token(e: &Event) -> String {
    match e {
        Event::Action(a) => action_token(a),
        Event::Reshuffle(s) => format!("reshuffle:{}", card_list(s.iter().copied(), J)),
    }
}

/// An action's token: `draw`, `take_pile:…`, `open:…`, `meld:…`, `lay_off:I:C:END`, `end`,
/// `discard:C`.
pub fn action_token(a: &Action) -> String {
    match a {
        Action::Draw => "draw".into(),
        Action::TakePile(ms) => format!("take_pile:{}", melds_text(ms)),
        Action::Open(ms) => format!("open:{}", melds_text(ms)),
        Action::Meld(m) => format!("meld:{}", meld_text(m)),
        Action::LayOff(i, c, e) => format!("lay_off:{i}:{}:{}", card_list([*c], J), e.name()),
        Action::End => "end".into(),
        Action::Discard(c) => format!("discard:{}", card_list([*c], J)),
    }
}

fn parse_melds(v: &str) -> Result<Vec<Meld>, TextProblem> {
    v.split('/').map(parse_meld).collect()
}

fn parse_meld(v: &str) -> Result<Meld, TextProblem> {
    let m = card_ids(v, J)?;
    if m.is_empty() {
        return Err(syntax("an empty meld", "cards joined by ,"));
    }
    Ok(m)
}

/// Parses one token.
pub(super) fn parse_event(line: &Line<'_>, tok: &str) -> Result<Event, TextError> {
    let bad = || {
        line.err(syntax(
            format!("the action {tok:?}"),
            "draw, take_pile:MELDS, open:MELDS, meld:MELD, lay_off:I:CARD:END, end, \
             discard:CARD or reshuffle:CARDS",
        ))
    };
    let (verb, rest) = tok.split_once(':').unwrap_or((tok, ""));
    let a = match (verb, rest) {
        ("draw", "") => Action::Draw,
        ("end", "") => Action::End,
        ("take_pile", r) if !r.is_empty() => Action::TakePile(line.at(parse_melds(r))?),
        ("open", r) if !r.is_empty() => Action::Open(line.at(parse_melds(r))?),
        ("meld", r) if !r.is_empty() => Action::Meld(line.at(parse_meld(r))?),
        ("discard", r) if !r.is_empty() => Action::Discard(line.at(card_id(r, J))?),
        ("lay_off", r) => {
            let parts: Vec<&str> = r.split(':').collect();
            let [i, c, e] = parts.as_slice() else {
                return Err(bad());
            };
            let e = match *e {
                "low" => End::Low,
                "high" => End::High,
                "set" => End::Set,
                _ => return Err(bad()),
            };
            Action::LayOff(
                line.at(int::<usize>("the meld index", i))?,
                line.at(card_id(c, J))?,
                e,
            )
        }
        ("reshuffle", r) if !r.is_empty() => {
            return Ok(Event::Reshuffle(line.at(card_ids(r, J))?));
        }
        _ => return Err(bad()),
    };
    Ok(Event::Action(a))
}

/// A parsed hand block, not yet replayed.
pub(super) struct Block<'a> {
    pub hand: HandLine<'a>,
    pub totals: Vec<i64>,
    pub deal: Line<'a>,
    /// The hands, the stock and the pile.
    pub cards: DealParts,
    pub events: Actions<'a, Event>,
}

/// A deal as read: the hands, the stock (top first) and the pile (bottom first).
pub(super) type DealParts = (Vec<Vec<u8>>, Vec<u8>, Vec<u8>);

/// Reads a deal's fields: `players` card lists then `stock=` (and `pile=` when `with_pile`).
pub(super) fn read_deal_fields(
    line: &Line<'_>,
    rules: &RummyRules,
    with_pile: bool,
) -> Result<DealParts, TextError> {
    let p = usize::from(rules.players);
    let names: &[&str] = if with_pile {
        &["stock", "pile"]
    } else {
        &["stock"]
    };
    if line.fields.len() != p + names.len() {
        return Err(line.err(syntax(
            "the deal",
            format!(
                "{p} card lists (one per seat) then {}",
                names
                    .iter()
                    .map(|n| format!("{n}=…"))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        )));
    }
    let hands = line.fields[..p]
        .iter()
        .map(|f| line.at(card_ids(f, J)))
        .collect::<Result<Vec<_>, _>>()?;
    let tail = Line {
        number: line.number,
        keyword: line.keyword,
        fields: line.fields[p..].to_vec(),
    };
    let v = tail.pairs(names)?;
    let stock = line.at(card_ids(v[0], J))?;
    let pile = if with_pile {
        line.at(card_ids(v[1], J))?
    } else {
        Vec::new()
    };
    check_deal(rules, &hands, &stock, &pile).map_err(|e| line.err(TextProblem::Deal(e.0)))?;
    Ok((hands, stock, pile))
}

/// Parses a `hand`/`deal`/`actions` block.
pub(super) fn read_block<'a>(
    lines: &mut Lines<'a>,
    rules: &RummyRules,
) -> Result<Block<'a>, TextError> {
    let (hand, v) = lines.hand(&["totals"])?;
    let line = &hand.line;
    if hand.dealer >= rules.players {
        return Err(line.err(syntax(
            format!("dealer {}", hand.dealer),
            format!("a seat 0..={}", rules.players - 1),
        )));
    }
    let totals = line.at(int_list::<i64>("totals", v[0]))?;
    if check_totals(rules, &totals).is_err() {
        return Err(line.err(syntax(
            format!("totals {:?}", v[0]),
            format!(
                "{} ints (one per seat), each within ±{MAX_TOTAL}",
                rules.players
            ),
        )));
    }
    let deal = lines.expect("deal")?;
    let cards = read_deal_fields(&deal, rules, true)?;
    Ok(Block {
        hand,
        totals,
        deal,
        cards,
        events: lines.actions(parse_event)?,
    })
}

/// Writes a hand's block from its log.
pub(super) fn write_block(
    dealer: u8,
    index: u64,
    totals: &[i64],
    log: &RummyLog,
    out: &mut String,
) {
    let totals: Vec<String> = totals.iter().map(i64::to_string).collect();
    let _ = write!(
        out,
        "hand dealer={dealer} index={index} totals={}\ndeal",
        totals.join(",")
    );
    for h in &log.hands {
        out.push(' ');
        out.push_str(&card_list(h.iter().copied(), J));
    }
    let _ = write!(
        out,
        " stock={} pile={}\nactions",
        card_list(log.stock.iter().copied(), J),
        card_list(log.pile.iter().copied(), J)
    );
    for e in &log.events {
        out.push(' ');
        out.push_str(&event_token(e));
    }
    out.push('\n');
}

/// What a block is replayed on: a hand, or a game whose current hand is the block's.
pub(super) trait Replay {
    /// The block's hand.
    fn hand(&mut self) -> &mut RummyState;
    /// Applies an action with the engine's checks.
    fn apply(&mut self, a: &Action) -> Result<(), ActionError>;
    /// Whether the block's hand is over.
    fn hand_over(&self) -> bool;
}

impl Replay for RummyState {
    fn hand(&mut self) -> &mut RummyState {
        self
    }
    fn apply(&mut self, a: &Action) -> Result<(), ActionError> {
        self.try_apply(a)
    }
    fn hand_over(&self) -> bool {
        self.current_player().is_none()
    }
}

fn reshuffles(s: &RummyState) -> usize {
    s.log().map_or(0, |l| {
        l.events
            .iter()
            .filter(|e| matches!(e, Event::Reshuffle(_)))
            .count()
    })
}

/// Replays a block's tokens: after the deal and after each action, a C-19 reshuffle by the
/// engine must be followed by a `reshuffle:` token, which sets the stock's order. The hand
/// reached must be a position play can reach ([`check_position`]).
pub(super) fn replay(b: &Block<'_>, target: &mut impl Replay) -> Result<(), TextError> {
    let line = &b.events.line;
    let mut pending = reshuffles(target.hand()) > 0;
    for e in &b.events.list {
        match e {
            Event::Reshuffle(stock) => {
                if !pending {
                    return Err(line.err(TextProblem::Inconsistent(format!(
                        "{} does not follow a C-19 reshuffle",
                        event_token(e)
                    ))));
                }
                if !target.hand().set_reshuffled_stock(stock) {
                    return Err(line.err(TextProblem::Inconsistent(format!(
                        "{} does not hold exactly the cards reshuffled (the pile but its top \
                         card)",
                        event_token(e)
                    ))));
                }
                pending = false;
            }
            Event::Action(a) => {
                if pending {
                    return Err(line.err(TextProblem::Inconsistent(format!(
                        "the engine reshuffled here (C-19): a reshuffle:CARDS token must \
                         come before {}",
                        event_token(e)
                    ))));
                }
                if target.hand_over() {
                    return Err(line.err(TextProblem::Inconsistent(format!(
                        "the hand is over; {} cannot follow",
                        event_token(e)
                    ))));
                }
                let before = reshuffles(target.hand());
                target.apply(a).map_err(|e| {
                    line.err(TextProblem::Illegal {
                        token: action_token(a),
                        reason: e.to_string(),
                    })
                })?;
                pending = !target.hand_over() && reshuffles(target.hand()) > before;
            }
        }
    }
    if pending {
        return Err(line.err(TextProblem::Inconsistent(
            "the engine reshuffled at the end (C-19): a reshuffle:CARDS token must follow".into(),
        )));
    }
    check_position(target.hand()).map_err(|e| {
        line.err(TextProblem::Inconsistent(format!(
            "unreachable position: {e}"
        )))
    })
}

impl RummyState {
    /// The `rummy-state` text.
    ///
    /// # Panics
    /// If the hand keeps no log (see [`RummyState::new`]).
    pub fn to_text(&self) -> String {
        let log = self
            .log()
            .expect("a rummy hand without a log has no text form");
        let mut out = header(Kind::RummyState);
        out.push_str(&rules_line(self.rules()));
        write_block(
            self.dealer(),
            self.hand_index(),
            self.totals(),
            log,
            &mut out,
        );
        let _ = writeln!(out, "future rng={}", generator(self.rng()));
        out
    }

    /// Reads a `rummy-state` text, replaying every action through the engine's checks.
    pub fn from_text(text: &str) -> Result<RummyState, TextError> {
        let mut lines = Lines::new(text, Kind::RummyState)?;
        let rules: RummyRules = read_rules(&mut lines)?;
        let b = read_block(&mut lines, &rules)?;
        let future = lines.expect("future")?;
        let rng = future.at(read_generator("rng", future.pairs(&["rng"])?[0]))?;
        lines.finish()?;
        let (hands, stock, pile) = &b.cards;
        let mut s = RummyState::new(
            &rules,
            hands,
            stock,
            Some(pile),
            b.hand.dealer,
            b.hand.index,
            b.totals.clone(),
            Rng::new(0),
            true,
        );
        replay(&b, &mut s)?;
        s.set_rng(rng);
        Ok(s)
    }
}
