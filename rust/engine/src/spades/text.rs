//! A plain-text form of a Spades hand: the rules that differ from the defaults, the scores it
//! started from, every deal (redeals included), the bids and the plays. It round-trips, and
//! reading it replays every action through the checked `try_*` methods.
//!
//! ```text
//! [spades]
//! rules: jokers=true set_penalty=bid
//! dealer: 3
//! hand_index: 0
//! totals: 0 0
//! bags: 0 0
//! deal: 3C 9D … | … | … | …
//! redeal 1: 5C … | … | … | …
//! bids: 4 nil 3 5+little
//! plays: 2H 5H KH AH …
//! ```

use super::rules::{Bemo, SpadesRules};
use super::state::{check_deal, Deal, SpadesState};
use crate::core::Card;
use crate::core::TextError;
use std::fmt::Write as _;

/// The names of every parameter, in docs/rules/spades.md B.1 order (`team_bid_cap` last).
pub const PARAMS: &[&str] = SpadesRules::PARAM_NAMES;

fn bad(msg: String) -> TextError {
    TextError(msg)
}

fn parse_name<T>(v: &str, from: fn(&str) -> Option<T>, allowed: &str) -> Result<T, TextError> {
    from(v).ok_or_else(|| bad(format!("expected one of {allowed}, got {v:?}")))
}

fn parse_int(v: &str) -> Result<i64, TextError> {
    v.parse::<i64>()
        .map_err(|_| bad(format!("expected an integer, got {v:?}")))
}

/// A parameter's value as text: `true`, `500`, `none`, `bid`.
pub fn param_text(r: &SpadesRules, name: &str) -> Option<String> {
    r.param_text(name)
}

/// Sets a parameter from its text (type and range checked; `validate` checks the rest).
pub fn set_param_text(r: &mut SpadesRules, name: &str, v: &str) -> Result<(), TextError> {
    r.set_param_text(name, v).map_err(|e| bad(e.0))
}

fn deal_text(d: &Deal) -> String {
    d.iter()
        .map(|h| {
            h.iter()
                .map(|&c| Card::new_unchecked(c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

fn parse_deal(rules: &SpadesRules, v: &str) -> Result<Deal, TextError> {
    let mut hands = Vec::new();
    for part in v.split('|') {
        let mut h = Vec::new();
        for tok in part.split_whitespace() {
            let c: Card = tok
                .parse()
                .map_err(|_| bad(format!("{tok:?} is not a card name")))?;
            h.push(c.id());
        }
        hands.push(h);
    }
    check_deal(rules, &hands).map_err(|e| bad(e.to_string()))
}

impl SpadesState {
    /// The text form (see the module docs).
    pub fn to_text(&self) -> String {
        let r = self.rules();
        let default = SpadesRules::default();
        let rules: Vec<String> = PARAMS
            .iter()
            .filter(|p| param_text(r, p) != param_text(&default, p))
            .map(|p| format!("{p}={}", param_text(r, p).unwrap_or_default()))
            .collect();
        let mut out = String::from("[spades]\n");
        let _ = writeln!(out, "rules: {}", rules.join(" "));
        let _ = writeln!(out, "dealer: {}", self.dealer());
        let _ = writeln!(out, "hand_index: {}", self.hand_index());
        let [t0, t1] = self.totals();
        let _ = writeln!(out, "totals: {t0} {t1}");
        let [b0, b1] = self.bags();
        let _ = writeln!(out, "bags: {b0} {b1}");
        let deals: Vec<&Deal> = self
            .prior_deals()
            .iter()
            .chain(std::iter::once(self.deal()))
            .collect();
        let _ = writeln!(out, "deal: {}", deal_text(deals[0]));
        for (seat, d) in self.redeal_claims().iter().zip(&deals[1..]) {
            let _ = writeln!(out, "redeal {seat}: {}", deal_text(d));
        }
        let first = (self.dealer() + 1) % 4;
        let bids: Vec<String> = (0..self.num_bids())
            .filter_map(|i| self.bids()[usize::from((first + i) % 4)])
            .map(|b| {
                let mut s = if b.blind {
                    "blind".to_string()
                } else if b.nil {
                    "nil".to_string()
                } else {
                    b.value.to_string()
                };
                if let Some(m) = b.bemo {
                    s += "+";
                    s += m.name();
                }
                s
            })
            .collect();
        let _ = writeln!(out, "bids: {}", bids.join(" "));
        let plays: Vec<String> = self.plays().map(|(_, c)| c.to_string()).collect();
        let _ = writeln!(out, "plays: {}", plays.join(" "));
        out
    }

    /// Reads the text form, replaying every action with the checked methods.
    pub fn from_text(text: &str) -> Result<SpadesState, TextError> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.next() != Some("[spades]") {
            return Err(bad("a Spades text starts with the line [spades]".into()));
        }
        let mut field = |key: &str| -> Result<String, TextError> {
            let line = lines
                .next()
                .ok_or_else(|| bad(format!("missing line {key:?}")))?;
            line.strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(':'))
                .map(|v| v.trim().to_string())
                .ok_or_else(|| bad(format!("expected a line {key}: …, got {line:?}")))
        };
        let mut rules = SpadesRules::default();
        for kv in field("rules")?.split_whitespace() {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| bad(format!("expected name=value, got {kv:?}")))?;
            set_param_text(&mut rules, k, v)?;
        }
        rules.validate().map_err(|e| bad(e.0))?;
        let dealer = parse_int(&field("dealer")?)?;
        let dealer = u8::try_from(dealer)
            .ok()
            .filter(|&d| d < 4)
            .ok_or_else(|| bad(format!("dealer must be 0..=3, got {dealer}")))?;
        let hand_index = u64::try_from(parse_int(&field("hand_index")?)?)
            .map_err(|_| bad("hand_index must be >= 0".into()))?;
        let pair = |v: String| -> Result<[i64; 2], TextError> {
            let xs: Vec<i64> = v
                .split_whitespace()
                .map(parse_int)
                .collect::<Result<_, _>>()?;
            <[i64; 2]>::try_from(xs).map_err(|_| bad(format!("expected two integers, got {v:?}")))
        };
        let totals = pair(field("totals")?)?;
        let bags = pair(field("bags")?)?;
        SpadesState::check_scores(&rules, totals, bags).map_err(bad)?;
        let deal = parse_deal(&rules, &field("deal")?)?;
        let mut s = SpadesState::new(&rules, deal, dealer, hand_index, totals, bags);
        let rest: Vec<String> = lines.map(str::to_string).collect();
        let mut rest = rest.iter();
        let mut line = rest.next();
        while let Some(l) = line.filter(|l| l.starts_with("redeal ")) {
            let (head, d) = l
                .split_once(':')
                .ok_or_else(|| bad(format!("bad redeal line {l:?}")))?;
            let seat = parse_int(head.trim_start_matches("redeal ").trim())?;
            s.check_claim(seat).map_err(|e| bad(e.to_string()))?;
            let deal = parse_deal(&rules, d)?;
            s.claim_redeal(seat as u8, deal)
                .map_err(|e| bad(e.to_string()))?;
            line = rest.next();
        }
        let bids_line = line.ok_or_else(|| bad("missing line \"bids\"".into()))?;
        let bids = bids_line
            .strip_prefix("bids:")
            .ok_or_else(|| bad(format!("expected a line bids: …, got {bids_line:?}")))?;
        for tok in bids.split_whitespace() {
            let (v, bemo) = match tok.split_once('+') {
                Some((v, m)) => (v, Some(parse_name(m, Bemo::from_name, &Bemo::allowed())?)),
                None => (tok, None),
            };
            let (value, blind) = match v {
                "blind" => (0, true),
                "nil" => (0, false),
                _ => (
                    u8::try_from(parse_int(v)?).map_err(|_| bad(format!("bad bid {v:?}")))?,
                    false,
                ),
            };
            s.try_bid(value, blind, bemo)
                .map_err(|e| bad(e.to_string()))?;
        }
        let plays_line = rest
            .next()
            .ok_or_else(|| bad("missing line \"plays\"".into()))?;
        let plays = plays_line
            .strip_prefix("plays:")
            .ok_or_else(|| bad(format!("expected a line plays: …, got {plays_line:?}")))?;
        for tok in plays.split_whitespace() {
            let c: Card = tok
                .parse()
                .map_err(|_| bad(format!("{tok:?} is not a card name")))?;
            s.try_play(c).map_err(|e| bad(e.to_string()))?;
        }
        if let Some(extra) = rest.next() {
            return Err(bad(format!("unexpected line {extra:?}")));
        }
        Ok(s)
    }
}
