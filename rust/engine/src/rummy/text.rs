//! A plain-text form of a rummy hand: the rules that differ from the defaults and the whole
//! position (hands, melds, stock, pile, turn flags and the reshuffle generator). Reading it
//! checks the rules, that the 108 cards are all there and that every meld is valid.
//!
//! ```text
//! [rummy]
//! rules: players=3 hand_size=10
//! dealer: 0
//! hand_index: 0
//! totals: 0 0 0
//! phase: draw
//! current: 1
//! turn: 0
//! went_out: none
//! flags: 0 0 0 none
//! rng: 1f2e3d4c5b6a7988
//! hand: 0 3 3 17 …
//! melds: 34,35,36 / 5,18,31
//! opened: 0 0 0
//! blocked: 0 0 0
//! stock: 12 40 …
//! pile: 9
//! ```

use super::meld::{is_valid_meld, Multiset};
use super::rules::RummyRules;
use super::state::{Meld, Phase, RummyState};
use crate::core::Rng;
use crate::core::TextError;
use std::fmt::Write as _;

/// Every rule parameter's name, in docs/rules/rummy.md C.1 order.
pub const PARAMS: &[&str] = RummyRules::PARAM_NAMES;

fn param_text(r: &RummyRules, name: &str) -> String {
    r.param_text(name).unwrap_or_default()
}

fn bad(s: String) -> TextError {
    TextError(s)
}

fn int<T: std::str::FromStr>(v: &str) -> Result<T, TextError> {
    v.parse()
        .map_err(|_| bad(format!("expected a number, got {v:?}")))
}

fn set_param(r: &mut RummyRules, k: &str, v: &str) -> Result<(), TextError> {
    r.set_param_text(k, v).map_err(|e| bad(e.0))
}

fn ids(v: &[u8]) -> String {
    v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn parse_ids(v: &str) -> Result<Vec<u8>, TextError> {
    v.split_whitespace().map(int::<u8>).collect()
}

fn bools(v: &[bool]) -> String {
    v.iter()
        .map(|&b| if b { "1" } else { "0" })
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_bools(v: &str) -> Result<Vec<bool>, TextError> {
    v.split_whitespace()
        .map(|t| match t {
            "1" => Ok(true),
            "0" => Ok(false),
            _ => Err(bad(format!("expected 0 or 1, got {t:?}"))),
        })
        .collect()
}

/// The parts of a position, as read from the text.
pub(super) struct Parts {
    pub rules: RummyRules,
    pub dealer: u8,
    pub hand_index: u64,
    pub totals: Vec<i64>,
    pub phase: Phase,
    pub current: u8,
    pub turn: u32,
    pub went_out: Option<u8>,
    pub flags: (bool, bool, bool, Option<u8>),
    pub rng: Rng,
    pub hands: Vec<Multiset>,
    pub melds: Vec<Vec<Meld>>,
    pub opened: Vec<bool>,
    pub blocked: Vec<bool>,
    pub stock_top_first: Vec<u8>,
    pub pile: Vec<u8>,
}

impl RummyState {
    /// The text form (see the module docs).
    pub fn to_text(&self) -> String {
        let r = self.rules();
        let d = RummyRules::default();
        let rules: Vec<String> = PARAMS
            .iter()
            .filter(|p| param_text(r, p) != param_text(&d, p))
            .map(|p| format!("{p}={}", param_text(r, p)))
            .collect();
        let mut out = String::from("[rummy]\n");
        let _ = writeln!(out, "rules: {}", rules.join(" "));
        let _ = writeln!(out, "dealer: {}", self.dealer());
        let _ = writeln!(out, "hand_index: {}", self.hand_index());
        let t: Vec<String> = self.totals().iter().map(i64::to_string).collect();
        let _ = writeln!(out, "totals: {}", t.join(" "));
        let _ = writeln!(out, "phase: {}", self.phase().name());
        let _ = writeln!(out, "current: {}", self.current_raw());
        let _ = writeln!(out, "turn: {}", self.turn());
        let _ = writeln!(
            out,
            "went_out: {}",
            self.went_out().map_or("none".into(), |w| w.to_string())
        );
        let (a, b, c, drawn) = self.flags();
        let _ = writeln!(
            out,
            "flags: {} {} {} {}",
            u8::from(a),
            u8::from(b),
            u8::from(c),
            drawn.map_or("none".into(), |x| x.to_string())
        );
        let _ = writeln!(out, "rng: {:016x}", self.rng().state());
        for h in self.hands() {
            let _ = writeln!(out, "hand: {}", ids(&h.to_vec()));
        }
        for ms in self.melds() {
            let m: Vec<String> = ms
                .iter()
                .map(|m| m.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
                .collect();
            let _ = writeln!(out, "melds: {}", m.join(" / "));
        }
        let _ = writeln!(out, "opened: {}", bools(self.opened()));
        let _ = writeln!(out, "blocked: {}", bools(self.blocked()));
        let _ = writeln!(out, "stock: {}", ids(&self.stock()));
        let _ = writeln!(out, "pile: {}", ids(self.pile()));
        out
    }

    /// Reads the text form, checking the rules, the 108 cards and every meld.
    pub fn from_text(text: &str) -> Result<RummyState, TextError> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if lines.next() != Some("[rummy]") {
            return Err(bad("a rummy text starts with the line [rummy]".into()));
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
        let mut rules = RummyRules::default();
        for kv in field("rules")?.split_whitespace() {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| bad(format!("expected name=value, got {kv:?}")))?;
            set_param(&mut rules, k, v)?;
        }
        rules.validate().map_err(|e| bad(e.0))?;
        let p = usize::from(rules.players);
        let dealer: u8 = int(&field("dealer")?)?;
        let hand_index: u64 = int(&field("hand_index")?)?;
        let totals: Vec<i64> = field("totals")?
            .split_whitespace()
            .map(int::<i64>)
            .collect::<Result<_, _>>()?;
        let phase = match field("phase")?.as_str() {
            "draw" => Phase::Draw,
            "meld" => Phase::Meld,
            "discard" => Phase::Discard,
            "over" => Phase::Over,
            other => return Err(bad(format!("bad phase {other:?}"))),
        };
        let current: u8 = int(&field("current")?)?;
        let turn: u32 = int(&field("turn")?)?;
        let went = field("went_out")?;
        let went_out = if went == "none" {
            None
        } else {
            Some(int(&went)?)
        };
        let flags = field("flags")?;
        let f: Vec<&str> = flags.split_whitespace().collect();
        if f.len() != 4 {
            return Err(bad(format!("flags needs 4 values, got {flags:?}")));
        }
        let drawn = if f[3] == "none" {
            None
        } else {
            Some(int(f[3])?)
        };
        let b = parse_bools(&f[..3].join(" "))?;
        let flags = (b[0], b[1], b[2], drawn);
        let rng = Rng::from_state(
            u64::from_str_radix(&field("rng")?, 16).map_err(|_| bad("bad rng state".into()))?,
        );
        let mut hands = Vec::with_capacity(p);
        for _ in 0..p {
            let ids = parse_ids(&field("hand")?)?;
            if let Some(c) = ids.iter().find(|&&c| c > 52) {
                return Err(bad(format!("bad card id {c}")));
            }
            hands.push(Multiset::from_ids(&ids));
        }
        let mut melds = Vec::with_capacity(p);
        for _ in 0..p {
            let line = field("melds")?;
            let mut ms = Vec::new();
            for m in line.split('/').map(str::trim).filter(|m| !m.is_empty()) {
                let meld: Meld = m
                    .split(',')
                    .map(|x| int::<u8>(x.trim()))
                    .collect::<Result<_, _>>()?;
                if !is_valid_meld(&rules, &meld) {
                    return Err(bad(format!("{meld:?} is not a valid meld")));
                }
                ms.push(meld);
            }
            melds.push(ms);
        }
        let opened = parse_bools(&field("opened")?)?;
        let blocked = parse_bools(&field("blocked")?)?;
        let stock = parse_ids(&field("stock")?)?;
        let pile = parse_ids(&field("pile")?)?;
        if totals.len() != p || opened.len() != p || blocked.len() != p {
            return Err(bad(format!("totals, opened and blocked need {p} entries")));
        }
        if dealer >= rules.players || current >= rules.players {
            return Err(bad("dealer and current must be seats".into()));
        }
        let mut all = Multiset::EMPTY;
        for c in stock.iter().chain(&pile) {
            if *c > 52 {
                return Err(bad(format!("bad card id {c}")));
            }
            all.add(*c);
        }
        for h in &hands {
            all = all.plus(h);
        }
        for m in melds.iter().flatten() {
            all = all.plus(&Multiset::from_ids(m));
        }
        if all != Multiset::deck() {
            return Err(bad(
                "the position does not hold the 108 cards exactly".into()
            ));
        }
        check_consistent(
            &rules,
            &totals,
            phase,
            current,
            turn,
            went_out,
            flags,
            &hands,
            &melds,
            &opened,
            &blocked,
            stock.is_empty(),
        )?;
        Ok(RummyState::from_parts(Parts {
            rules,
            dealer,
            hand_index,
            totals,
            phase,
            current,
            turn,
            went_out,
            flags,
            rng,
            hands,
            melds,
            opened,
            blocked,
            stock_top_first: stock,
            pile,
        }))
    }
}

/// The facts of a position the rules imply (docs/rummy-api.md): who went out, opened and
/// blocked players, the turn flags, the turn count and an empty stock.
#[allow(clippy::too_many_arguments)]
fn check_consistent(
    rules: &RummyRules,
    totals: &[i64],
    phase: Phase,
    current: u8,
    turn: u32,
    went_out: Option<u8>,
    flags: (bool, bool, bool, Option<u8>),
    hands: &[Multiset],
    melds: &[Vec<Meld>],
    opened: &[bool],
    blocked: &[bool],
    stock_empty: bool,
) -> Result<(), TextError> {
    use super::meld::QUEEN_OF_SPADES as QS;
    let err = |s: &str| Err(bad(format!("inconsistent position: {s}")));
    if totals.iter().any(|t| t.abs() > 1_000_000_000_000) {
        return err("totals must be within ±10**12");
    }
    if let Some(w) = went_out {
        if w >= rules.players || phase != Phase::Over || !hands[usize::from(w)].is_empty() {
            return err("went_out must be a seat with an empty hand, in phase over");
        }
    }
    if turn > rules.max_turns_per_hand || (turn == rules.max_turns_per_hand && phase != Phase::Over)
    {
        return err("turn is beyond max_turns_per_hand");
    }
    if phase == Phase::Draw && stock_empty {
        return err("a draw phase never starts with an empty stock (C-19)");
    }
    for s in 0..usize::from(rules.players) {
        if opened[s] == melds[s].is_empty() {
            return err("a player has melds exactly when he has opened");
        }
        let h = &hands[s];
        if blocked[s] {
            let mid_turn = s == usize::from(current) && phase == Phase::Discard;
            let ok = h.count(QS) >= 1 && (h.len() == 1 || (mid_turn && h.len() == 2));
            if !ok {
                return err("a blocked player holds [Q♠] (and the drawn card during his turn)");
            }
        }
    }
    let (opening, lone, exception, drawn) = flags;
    let cur = usize::from(current);
    let h = &hands[cur];
    if opening && (!opened[cur] || phase == Phase::Draw) {
        return err("the opening-turn flag needs an opened player past his draw");
    }
    if exception && (!lone || h.count(QS) == 0) {
        return err("the Q♠ exception needs a turn begun with a lone Q♠");
    }
    if lone && phase == Phase::Draw && !(h.len() == 1 && h.count(QS) == 1) {
        return err("a turn begun with a lone Q♠ holds [Q♠] in its draw phase");
    }
    if let Some(d) = drawn {
        let in_discard = phase == Phase::Discard && h.count(d) > 0;
        if d > 52 || !blocked[cur] || !(in_discard || phase == Phase::Over) {
            return err("the drawn-card flag is for a blocked player's discard phase");
        }
    } else if phase == Phase::Discard && blocked[cur] {
        return err("a blocked player's discard phase names the drawn card");
    }
    Ok(())
}
