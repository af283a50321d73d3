//! The `spades-state` text (docs/text-format.md §4.2) and the pieces the `spades-game` text
//! shares with it: the rules line, a hand's `hand`/`deal`/`redeal`/`actions` block, and
//! where the redeals come from.
//!
//! ```text
//! hearts-fast/1 spades-state
//! rules jokers=true set_penalty=bid
//! hand dealer=0 index=0 totals=0,0 bags=0,0
//! deal 2S,QD,… TS,2H,… 6D,AS,… JS,8D,…
//! actions bid:3 bid:4 bid:2 bid:3 5C 7C AC 2C
//! future rng=wyrand:0123456789abcdef
//! ```

use super::rules::{Bemo, SpadesRules};
use super::state::{check_deal, deal_random, Deal, SpadesState};
use crate::core::text::{
    card, card_ids, card_list, generator, header, int, int_list, join, read_generator, read_rules,
    rules_line, syntax, Actions, HandLine, Jokers, Kind, Line, Lines, TextError, TextProblem,
};
use crate::core::Card;
use crate::core::Rng;
use std::collections::VecDeque;
use std::fmt::Write as _;

crate::rule_set!(SpadesRules);

/// Where a hand's redeals come from: the queued deals first, then the generator.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct RedealSource {
    /// Deals by the generator once the queue is empty.
    pub rng: Rng,
    /// Deals waiting to be used, the next one first.
    pub queue: VecDeque<Deal>,
}

impl RedealSource {
    /// The deals of a hand dealt from `seed`: [`RedealSource::first_deal`] draws the hand's
    /// own deal from `Rng::new(seed)`; each redeal then takes the next of `queue`, and once
    /// the queue is empty draws from the same generator.
    pub fn new(seed: u64, queue: Vec<Deal>) -> RedealSource {
        RedealSource {
            rng: Rng::new(seed),
            queue: queue.into(),
        }
    }

    /// A deal for `dealer` drawn from the generator, whatever is queued (the hand's own
    /// deal, drawn before any redeal).
    pub fn first_deal(&mut self, rules: &SpadesRules, dealer: u8) -> Deal {
        deal_random(rules, dealer, &mut self.rng)
    }

    /// The next deal for `dealer`.
    pub fn next(&mut self, rules: &SpadesRules, dealer: u8) -> Deal {
        match self.queue.pop_front() {
            Some(d) => d,
            None => deal_random(rules, dealer, &mut self.rng),
        }
    }
}

/// One action of a Spades hand as the text writes it.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub(super) enum SpadesAction {
    /// `bid:N`, `bid:blind`, with an optional bemo.
    Bid(u8, bool, Option<Bemo>),
    /// A card played.
    Play(Card),
}

impl SpadesAction {
    pub(super) fn token(self) -> String {
        match self {
            SpadesAction::Bid(v, blind, bemo) => {
                let mut t = if blind {
                    "bid:blind".to_string()
                } else {
                    format!("bid:{v}")
                };
                if let Some(b) = bemo {
                    t.push(':');
                    t.push_str(b.name());
                }
                t
            }
            SpadesAction::Play(c) => card_name(c),
        }
    }
}

fn card_name(c: Card) -> String {
    card_list([c.id()], Jokers::Spades)
}

fn parse_action(line: &Line<'_>, tok: &str) -> Result<SpadesAction, TextError> {
    let bad = || {
        line.err(syntax(
            format!("the action {tok:?}"),
            "bid:N (0..=13), bid:blind, either with :little or :big, or a card played (e.g. QS)",
        ))
    };
    if let Some(rest) = tok.strip_prefix("bid:") {
        let (v, bemo) = match rest.split_once(':') {
            Some((v, b)) => (v, Some(Bemo::from_name(b).ok_or_else(bad)?)),
            None => (rest, None),
        };
        if v == "blind" {
            return Ok(SpadesAction::Bid(0, true, bemo));
        }
        let n = int::<u8>("bid", v)
            .ok()
            .filter(|&n| n <= 13)
            .ok_or_else(bad)?;
        return Ok(SpadesAction::Bid(n, false, bemo));
    }
    card(tok, Jokers::Spades)
        .map(SpadesAction::Play)
        .map_err(|_| bad())
}

/// Applies one action with the engine's checks.
pub(super) fn apply(s: &mut SpadesState, a: SpadesAction) -> Result<(), TextProblem> {
    let r = match a {
        SpadesAction::Bid(v, blind, bemo) => s.try_bid(v, blind, bemo).map_err(|e| e.to_string()),
        SpadesAction::Play(c) => s.try_play(c).map_err(|e| e.to_string()),
    };
    r.map_err(|reason| TextProblem::Illegal {
        token: a.token(),
        reason,
    })
}

/// A deal as card lists (dealt order).
pub(super) fn deal_fields(d: &Deal) -> String {
    d.iter()
        .map(|h| card_list(h.iter().copied(), Jokers::Spades))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a deal from a line's fields (after `skip` of them), checked as the constructors do.
pub(super) fn read_deal(
    line: &Line<'_>,
    rules: &SpadesRules,
    skip: usize,
) -> Result<Deal, TextError> {
    let hands = line.fields[skip..]
        .iter()
        .map(|f| line.at(card_ids(f, Jokers::Spades)))
        .collect::<Result<Vec<_>, _>>()?;
    check_deal(rules, &hands).map_err(|e| line.err(TextProblem::Deal(e.to_string())))
}

/// A parsed hand block, not yet replayed.
pub(super) struct Block<'a> {
    pub hand: HandLine<'a>,
    pub totals: [i64; 2],
    pub bags: [i64; 2],
    pub deal: Deal,
    pub redeals: Vec<(Line<'a>, u8, Deal)>,
    pub actions: Actions<'a, SpadesAction>,
}

fn pair(line: &Line<'_>, what: &str, v: &str) -> Result<[i64; 2], TextError> {
    let xs = line.at(int_list::<i64>(what, v))?;
    <[i64; 2]>::try_from(xs).map_err(|_| line.err(syntax(format!("{what} {v:?}"), "two ints")))
}

/// Parses a `hand`/`deal`/`redeal`/`actions` block.
pub(super) fn read_block<'a>(
    lines: &mut Lines<'a>,
    rules: &SpadesRules,
) -> Result<Block<'a>, TextError> {
    let (hand, v) = lines.hand(&["totals", "bags"])?;
    let line = &hand.line;
    if hand.dealer >= 4 {
        return Err(line.err(syntax(format!("dealer {}", hand.dealer), "a seat 0..=3")));
    }
    let totals = pair(line, "totals", v[0])?;
    let bags = pair(line, "bags", v[1])?;
    SpadesState::check_scores(rules, totals, bags)
        .map_err(|e| line.err(TextProblem::Inconsistent(e.to_string())))?;
    let deal_line = lines.expect("deal")?;
    let deal = read_deal(&deal_line, rules, 0)?;
    let mut redeals = Vec::new();
    while let Some(l) = lines.take_if("redeal") {
        let Some(seat) = l.fields.first() else {
            return Err(l.err(syntax("the redeal line", "redeal SEAT and 4 card lists")));
        };
        let seat = l.at(int::<u8>("seat", seat))?;
        let d = read_deal(&l, rules, 1)?;
        redeals.push((l, seat, d));
    }
    Ok(Block {
        hand,
        totals,
        bags,
        deal,
        redeals,
        actions: lines.actions(parse_action)?,
    })
}

/// Writes a hand's block.
pub(super) fn write_block(s: &SpadesState, out: &mut String) {
    let [t0, t1] = s.totals();
    let [b0, b1] = s.bags();
    let _ = writeln!(
        out,
        "hand dealer={} index={} totals={t0},{t1} bags={b0},{b1}",
        s.dealer(),
        s.hand_index()
    );
    let deals: Vec<&Deal> = s
        .prior_deals()
        .iter()
        .chain(std::iter::once(s.deal()))
        .collect();
    let _ = writeln!(out, "deal {}", deal_fields(deals[0]));
    for (seat, d) in s.redeal_claims().iter().zip(&deals[1..]) {
        let _ = writeln!(out, "redeal {seat} {}", deal_fields(d));
    }
    out.push_str("actions");
    let first = (s.dealer() + 1) % 4;
    for i in 0..s.num_bids() {
        if let Some(b) = s.bids()[usize::from((first + i) % 4)] {
            out.push(' ');
            out.push_str(&SpadesAction::Bid(b.value, b.blind, b.bemo).token());
        }
    }
    for (_, c) in s.plays() {
        out.push(' ');
        out.push_str(&card_name(c));
    }
    out.push('\n');
}

/// The `future` line and the `queued` lines.
pub(super) fn write_future(rng: Rng, queue: &VecDeque<Deal>, out: &mut String) {
    let _ = writeln!(out, "future rng={}", generator(rng));
    for d in queue {
        let _ = writeln!(out, "queued {}", deal_fields(d));
    }
}

/// Reads the `future` line and the `queued` lines.
pub(super) fn read_future(
    lines: &mut Lines<'_>,
    rules: &SpadesRules,
) -> Result<(Rng, VecDeque<Deal>), TextError> {
    let future = lines.expect("future")?;
    let rng = future.at(read_generator("rng", future.pairs(&["rng"])?[0]))?;
    let mut queue = VecDeque::new();
    while let Some(q) = lines.take_if("queued") {
        queue.push_back(read_deal(&q, rules, 0)?);
    }
    Ok((rng, queue))
}

fn claim_token(seat: u8) -> String {
    format!("redeal {seat}")
}

impl SpadesState {
    /// The `spades-state` text, with the source of this hand's future redeals.
    pub fn to_text(&self, redeals: &RedealSource) -> String {
        let mut out = header(Kind::SpadesState);
        out.push_str(&rules_line(self.rules()));
        write_block(self, &mut out);
        write_future(redeals.rng, &redeals.queue, &mut out);
        out
    }

    /// Reads a `spades-state` text, replaying every redeal, bid and play with the checked
    /// methods.
    pub fn from_text(text: &str) -> Result<(SpadesState, RedealSource), TextError> {
        let mut lines = Lines::new(text, Kind::SpadesState)?;
        let rules: SpadesRules = read_rules(&mut lines)?;
        let b = read_block(&mut lines, &rules)?;
        let (rng, queue) = read_future(&mut lines, &rules)?;
        lines.finish()?;
        let (dealer, index) = (b.hand.dealer, b.hand.index);
        let mut s = SpadesState::new(&rules, b.deal, dealer, index, b.totals, b.bags);
        for (line, seat, d) in &b.redeals {
            s.claim_redeal(*seat, *d).map_err(|e| {
                line.err(TextProblem::Illegal {
                    token: claim_token(*seat),
                    reason: e.to_string(),
                })
            })?;
        }
        for a in &b.actions.list {
            b.actions.line.at(apply(&mut s, *a))?;
        }
        Ok((s, RedealSource { rng, queue }))
    }
}

/// The refusal of a redeal claim in a game.
pub(super) fn refused_claim(line: &Line<'_>, seat: u8, reason: String) -> TextError {
    line.err(TextProblem::Illegal {
        token: claim_token(seat),
        reason,
    })
}

/// The game's `totals`/`bags` pairs as text.
pub(super) fn pair_text(p: [i64; 2]) -> String {
    join(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_round_trip_with_redeals_queued() {
        let rules = SpadesRules {
            jokers: true,
            bemo: true,
            ..SpadesRules::default()
        };
        let mut rng = Rng::new(3);
        let d0 = deal_random(&rules, 1, &mut rng);
        let mut s = SpadesState::new(&rules, d0, 1, 7, [120, -40], [3, 0]);
        s.try_bid(3, false, Some(Bemo::Little)).unwrap();
        s.try_bid(0, false, None).unwrap();
        let src = RedealSource {
            rng: Rng::new(9),
            queue: VecDeque::from([deal_random(&rules, 1, &mut rng)]),
        };
        let text = s.to_text(&src);
        let (s2, src2) = SpadesState::from_text(&text).unwrap();
        assert_eq!(s2, s);
        assert_eq!(src2, src);
        assert_eq!(s2.to_text(&src2), text);
        assert!(text.contains("bid:3:little bid:0"), "{text}");
    }

    #[test]
    fn a_bad_bid_names_its_token() {
        let rules = SpadesRules::default();
        let s = SpadesState::new(
            &rules,
            deal_random(&rules, 0, &mut Rng::new(1)),
            0,
            0,
            [0, 0],
            [0, 0],
        );
        let src = RedealSource {
            rng: Rng::new(0),
            queue: VecDeque::new(),
        };
        let text = s.to_text(&src).replace("actions", "actions bid:blind");
        let e = SpadesState::from_text(&text).unwrap_err();
        assert!(e.to_string().contains("\"bid:blind\""), "{e}");
    }
}
