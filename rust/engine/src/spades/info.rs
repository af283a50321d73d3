//! [`SpadesInfo`]: what one seat of a Spades hand knows, and full hands that agree with it.

use super::rules::{Bemo, FirstLead, Renege, SpadesRules};
use super::state::{Bid, Deal, Phase, SpadesState, TRICKS};
use crate::core::text::{
    header, int, int_list, read_rules, rules_line, syntax, Jokers, Kind, Lines, TextProblem,
};
use crate::core::{Card, CardSet, Rng, TextError, Trick};
use crate::info::{shown_by_play, text, Hidden, Worlds, MAX_SEATS};
use std::fmt::Write as _;

/// What one seat knows of a Spades hand, and nothing else.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct SpadesInfo {
    /// The rules.
    pub rules: SpadesRules,
    /// The observing seat.
    pub seat: u8,
    /// The dealer.
    pub dealer: u8,
    /// The hand's index in its game.
    pub hand_index: u64,
    /// Where the hand is.
    pub phase: Phase,
    /// The seat to act (to play, pass or bid), `None` once the hand is over.
    pub to_move: Option<u8>,
    /// Team totals before the hand.
    pub totals: [i64; 2],
    /// Team bag counters before the hand.
    pub bags: [i64; 2],
    /// The bids made so far.
    pub bids: [Option<Bid>; 4],
    /// Each seat's face-up cards as dealt (`face_up_first_four`; empty otherwise).
    pub face_up: [CardSet; 4],
    /// Redeal claims (`deficient_hand`): the claiming seat and the hand it showed.
    pub claims: Vec<(u8, CardSet)>,
    /// Every card played this hand, in order, with its seat.
    pub plays: Vec<(u8, Card)>,
    /// The trick being played.
    pub trick: Trick,
    /// The winner of each completed trick.
    pub trick_winners: Vec<u8>,
    /// Tricks taken per seat.
    pub tricks_taken: [u8; 4],
    /// Where the cards the seat cannot see may be (its own hand is `hidden.known[seat]`).
    pub hidden: Hidden,
}

impl SpadesInfo {
    /// What `seat` knows of `state`. `None` when `seat` is not 0..4.
    pub fn observe(state: &SpadesState, seat: u8) -> Option<SpadesInfo> {
        if seat >= 4 {
            return None;
        }
        let rules = *state.rules();
        let deal = state.deal();
        let mut face_up = [CardSet::EMPTY; 4];
        if rules.face_up_first_four {
            for (s, cards) in deal.iter().enumerate() {
                face_up[s] = cards[..4].iter().map(|&c| Card::new_unchecked(c)).collect();
            }
        }
        let claims = state
            .redeal_claims()
            .iter()
            .zip(state.prior_deals())
            .map(|(&s, d)| {
                let shown = d[usize::from(s)]
                    .iter()
                    .map(|&c| Card::new_unchecked(c))
                    .collect();
                (s, shown)
            })
            .collect();
        let mut info = SpadesInfo {
            rules,
            seat,
            dealer: state.dealer(),
            hand_index: state.hand_index(),
            phase: state.phase(),
            to_move: state.current_player(),
            totals: state.totals(),
            bags: state.bags(),
            bids: state.bids(),
            face_up,
            claims,
            plays: state.plays().collect(),
            trick: *state.trick(),
            trick_winners: state.trick_winners().to_vec(),
            tricks_taken: state.tricks_taken(),
            hidden: Hidden {
                seats: 4,
                sizes: [0; MAX_SEATS],
                known: [CardSet::EMPTY; MAX_SEATS],
                lacks: [CardSet::EMPTY; MAX_SEATS],
                hidden: CardSet::EMPTY,
                quota: CardSet::EMPTY,
                quotas: [None; MAX_SEATS],
            },
        };
        // What each play showed, on a replay from the start of play (a renege rule that
        // accepts any held card shows nothing).
        if rules.renege == Renege::Prevent && !info.plays.is_empty() {
            if let Some(mut s) = info.start_of_play(*deal) {
                for &(p, c) in &info.plays {
                    info.hidden.lacks[usize::from(p)] |= shown_by_play(&s, c, rules.deck());
                    s.play_unchecked(c);
                }
            }
        }
        let played: CardSet = info.plays.iter().map(|&(_, c)| c).collect();
        let hands = state.hands();
        for s in 0..4 {
            info.hidden.sizes[s] = hands[s].count() as u8;
            info.hidden.known[s] = face_up[s] - played;
        }
        // Under `first_lead=lowest_club` the first leader was dealt the lowest club.
        let leader = match info.plays.first() {
            Some(&(p, _)) => Some(p),
            None if state.phase() == Phase::Play => state.current_player(),
            None => None,
        };
        if let Some(leader) = leader {
            if rules.first_lead == FirstLead::LowestClub {
                let low = CardSet::single(rules.lowest_club());
                info.hidden.known[usize::from(leader)] |= low - played;
            }
        }
        info.hidden.known[usize::from(seat)] = hands[usize::from(seat)];
        // Under `mirror` a bid is the number of spade-suit cards dealt (B.3 #4).
        if rules.mirror {
            info.hidden.quota = CardSet::SPADE_SUIT;
            for s in 0..4 {
                let Some(b) = info.bids[s] else { continue };
                if s == usize::from(seat) {
                    continue;
                }
                let shown = info
                    .plays
                    .iter()
                    .filter(|&&(p, c)| usize::from(p) == s && CardSet::SPADE_SUIT.contains(c))
                    .count()
                    + (info.hidden.known[s] & CardSet::SPADE_SUIT).count() as usize;
                info.hidden.quotas[s] = Some(usize::from(b.value).saturating_sub(shown) as u8);
            }
        }
        let known = info.hidden.known.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        info.hidden.hidden = rules.deck() - played - known;
        Some(info)
    }

    /// The seat's hand now.
    pub fn hand(&self) -> CardSet {
        self.hidden.known[usize::from(self.seat)]
    }

    /// The hand dealt as `deal` with this hand's bids made (`None` if a bid is refused).
    fn start_of_play(&self, deal: Deal) -> Option<SpadesState> {
        let mut s = SpadesState::new(
            &self.rules,
            deal,
            self.dealer,
            self.hand_index,
            self.totals,
            self.bags,
        );
        while s.phase() == Phase::Bid {
            let seat = s.current_player()?;
            let b = self.bids[usize::from(seat)]?;
            s.try_bid(b.value, b.blind, b.bemo).ok()?;
        }
        Some(s)
    }

    /// The full state of a world: `hands` (every seat's hand now) with this hand's bids and
    /// plays. It starts at the deal being played (a redeal claim's earlier deal is not part
    /// of it); each seat's face-up cards are dealt first, as the rules deal them.
    pub fn world(&self, hands: &[CardSet]) -> Result<SpadesState, String> {
        let mut dealt = [CardSet::EMPTY; 4];
        dealt.copy_from_slice(&hands[..4]);
        for &(p, c) in &self.plays {
            dealt[usize::from(p)].insert(c);
        }
        let mut deal: Deal = [[0; TRICKS]; 4];
        for s in 0..4 {
            let order = self.face_up[s]
                .into_iter()
                .chain(dealt[s] - self.face_up[s]);
            let mut i = 0;
            for c in order {
                if i == TRICKS {
                    return Err("a hand of more than 13 cards".into());
                }
                deal[s][i] = c.id();
                i += 1;
            }
            if i != TRICKS {
                return Err("a hand of fewer than 13 cards".into());
            }
        }
        let mut s = SpadesState::new(
            &self.rules,
            deal,
            self.dealer,
            self.hand_index,
            self.totals,
            self.bags,
        );
        while s.phase() == Phase::Bid {
            let Some(seat) = s.current_player() else {
                break;
            };
            let Some(b) = self.bids[usize::from(seat)] else {
                break;
            };
            s.try_bid(b.value, b.blind, b.bemo)
                .map_err(|e| e.to_string())?;
        }
        for &(_, c) in &self.plays {
            s.try_play(c).map_err(|e| e.to_string())?;
        }
        if s.hands()[..] != hands[..4] {
            return Err("the replayed hands differ from the world".into());
        }
        Ok(s)
    }
}

fn bid_token(b: Option<Bid>) -> String {
    match b {
        None => "-".into(),
        Some(b) => {
            let mut t = if b.blind {
                "blind".to_string()
            } else {
                b.value.to_string()
            };
            if let Some(m) = b.bemo {
                t.push(':');
                t.push_str(m.name());
            }
            t
        }
    }
}

impl SpadesInfo {
    /// The `spades-info` text (docs/text-format.md): every field, one line each.
    pub fn to_text(&self) -> String {
        let j = Jokers::Spades;
        let mut out = header(Kind::SpadesInfo);
        out.push_str(&rules_line(&self.rules));
        let _ = writeln!(
            out,
            "hand dealer={} index={} totals={},{} bags={},{}",
            self.dealer,
            self.hand_index,
            self.totals[0],
            self.totals[1],
            self.bags[0],
            self.bags[1]
        );
        let _ = writeln!(
            out,
            "phase {} {}",
            self.phase.name(),
            text::opt_seat(self.to_move)
        );
        let bids: Vec<String> = self.bids.iter().map(|&b| bid_token(b)).collect();
        let _ = writeln!(out, "bids {}", bids.join(" "));
        let faces: Vec<String> = self.face_up.iter().map(|&f| text::set(f, j)).collect();
        let _ = writeln!(out, "face_up {}", faces.join(" "));
        let claims: Vec<String> = self
            .claims
            .iter()
            .map(|&(s, c)| format!("{s}:{}", text::set(c, j)))
            .collect();
        let claims = if claims.is_empty() {
            "-".into()
        } else {
            claims.join(" ")
        };
        let _ = writeln!(out, "claims {claims}");
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
        let taken: Vec<String> = self.tricks_taken.iter().map(u8::to_string).collect();
        let _ = writeln!(out, "taken {}", taken.join(","));
        out
    }

    /// Reads a `spades-info` text, accepted only if it is what some hand shows its seat: a
    /// world is rebuilt from it and observed again, and must give the same text.
    pub fn from_text(text: &str) -> Result<SpadesInfo, TextError> {
        let j = Jokers::Spades;
        let mut lines = Lines::new(text, Kind::SpadesInfo)?;
        let rules: SpadesRules = read_rules(&mut lines)?;
        let (hand, v) = lines.hand(&["totals", "bags"])?;
        if hand.dealer >= 4 {
            return Err(hand.line.err(syntax("the dealer", "a seat 0..3")));
        }
        let pair = |what: &str, v: &str| -> Result<[i64; 2], TextError> {
            let xs = hand.line.at(int_list::<i64>(what, v))?;
            <[i64; 2]>::try_from(xs).map_err(|_| {
                hand.line
                    .err(syntax(what.to_string(), "two numbers joined by ,"))
            })
        };
        let totals = pair("totals", v[0])?;
        let bags = pair("bags", v[1])?;
        let line = lines.expect("phase")?;
        let (phase, to_move) = match line.fields.as_slice() {
            [phase, to_move] => (*phase, text::read_opt_seat(&line, to_move, 4)?),
            _ => return Err(line.err(syntax("the phase line", "phase PHASE SEAT|-"))),
        };
        let phase = match [phase] {
            ["bid"] => Phase::Bid,
            ["play"] => Phase::Play,
            ["over"] => Phase::Over,
            _ => return Err(line.err(syntax("the phase", "bid, play or over"))),
        };
        let line = lines.expect("bids")?;
        if line.fields.len() != 4 {
            return Err(line.err(syntax(
                "the bids",
                "4 bids (N, blind, with :little or :big) or -",
            )));
        }
        let mut bids = [None; 4];
        for (s, tok) in line.fields.iter().enumerate() {
            if *tok == "-" {
                continue;
            }
            let bad = || {
                line.err(syntax(
                    format!("the bid {tok:?}"),
                    "N (0..=13) or blind, with :little or :big, or -",
                ))
            };
            let (v, bemo) = match tok.split_once(':') {
                Some((v, b)) => (v, Some(Bemo::from_name(b).ok_or_else(bad)?)),
                None => (*tok, None),
            };
            let (value, blind) = if v == "blind" {
                (0, true)
            } else {
                (
                    int::<u8>("bid", v)
                        .ok()
                        .filter(|&n| n <= 13)
                        .ok_or_else(bad)?,
                    false,
                )
            };
            bids[s] = Some(Bid {
                value,
                nil: rules.nil && value == 0,
                blind,
                bemo,
            });
        }
        let line = lines.expect("face_up")?;
        if line.fields.len() != 4 {
            return Err(line.err(syntax("the face-up cards", "4 card lists")));
        }
        let mut face_up = [CardSet::EMPTY; 4];
        for (s, v) in line.fields.iter().enumerate() {
            face_up[s] = text::read_set(&line, v, j)?;
        }
        let line = lines.expect("claims")?;
        let mut claims = Vec::new();
        if line.fields.as_slice() != ["-"] {
            for tok in &line.fields {
                let (s, c) = tok
                    .split_once(':')
                    .ok_or_else(|| line.err(syntax(format!("the claim {tok:?}"), "SEAT:CARDS")))?;
                claims.push((text::read_seat(&line, s, 4)?, text::read_set(&line, c, j)?));
            }
        }
        let shared = text::read(&mut lines, 4, rules.deck(), j)?;
        let line = lines.expect("taken")?;
        let taken = match line.fields.as_slice() {
            [v] => line.at(int_list::<u8>("taken", v))?,
            _ => Vec::new(),
        };
        let tricks_taken = <[u8; 4]>::try_from(taken)
            .map_err(|_| line.err(syntax("the tricks taken", "4 numbers joined by ,")))?;
        lines.finish()?;
        let info = SpadesInfo {
            rules,
            seat: shared.seat,
            dealer: hand.dealer,
            hand_index: hand.index,
            phase,
            to_move,
            totals,
            bags,
            bids,
            face_up,
            claims,
            plays: shared.plays,
            trick: shared.trick,
            trick_winners: shared.winners,
            tricks_taken,
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
    /// is observed the same (its redeal claims aside, which a world does not replay).
    pub fn verify(&self) -> Result<(), String> {
        let mut worlds = Worlds::new(self.hidden).map_err(|e| e.to_string())?;
        let hands = worlds.sample(&mut Rng::new(0));
        let state = self.world(&hands)?;
        match SpadesInfo::observe(&state, self.seat) {
            Some(mut again) => {
                again.claims.clone_from(&self.claims);
                if again == *self {
                    Ok(())
                } else {
                    Err("its fields do not agree with one another".into())
                }
            }
            None => Err("no such seat".into()),
        }
    }
}
