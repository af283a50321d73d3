//! A whole game of Spades: hands dealt in turn, running totals and bags, and the end rules
//! of B-22, 0.6 and 0.7.

use super::rules::{Boston, SpadesRules};
use super::state::{deal_random, Bid, Deal, HandScore, Phase, SpadesState};
use super::text::{
    apply, pair_text, read_block, read_future, refused_claim, write_block, write_future,
};
use crate::core::text::{
    check_hand_chain, header, int, read_rules, rules_line, syntax, Kind, Lines, TextError,
    TextProblem,
};
use crate::core::Rng;
use crate::core::Tie;
use crate::Card;
use std::collections::VecDeque;
use std::fmt::Write as _;

/// The record of one completed hand.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct HandRecord {
    /// The dealer.
    pub dealer: u8,
    /// The four bids.
    pub bids: [Bid; 4],
    /// Tricks per seat.
    pub tricks_taken: [u8; 4],
    /// The hand's score, bags and Boston.
    pub score: HandScore,
    /// Accepted illegal plays `(trick_number, seat, card)` (B-27).
    pub reneges: Vec<(usize, u8, Card)>,
    /// Team totals after the hand.
    pub totals: [i64; 2],
}

/// A game of Spades. Deals come from the `deals` queue first, then from the game's RNG.
/// Two games are equal when they have the same text form.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SpadesGame {
    rules: SpadesRules,
    first_dealer: u8,
    rng: Rng,
    /// Deals waiting to be used (hands and redeals), the next one first.
    deals: VecDeque<Deal>,
    start_totals: [i64; 2],
    start_bags: [i64; 2],
    totals: [i64; 2],
    bags: [i64; 2],
    history: Vec<HandRecord>,
    /// The finished hands before `state`.
    played: Vec<SpadesState>,
    state: SpadesState,
    over: bool,
    winners: u8,
}

impl SpadesGame {
    /// A new game. `deals` (already checked) are used in order by every deal of the game —
    /// each hand and each redeal — then shuffles from `rng` take over. `totals`/`bags` resume
    /// a score sheet (checked with [`SpadesState::check_scores`]).
    pub fn new(
        rules: &SpadesRules,
        rng: Rng,
        first_dealer: u8,
        deals: Vec<Deal>,
        totals: [i64; 2],
        bags: [i64; 2],
    ) -> SpadesGame {
        let placeholder = SpadesState::new(rules, [[0; 13]; 4], first_dealer, 0, totals, bags);
        let mut g = SpadesGame {
            rules: *rules,
            first_dealer,
            rng,
            deals: deals.into(),
            start_totals: totals,
            start_bags: bags,
            totals,
            bags,
            history: Vec::new(),
            played: Vec::new(),
            state: placeholder,
            over: false,
            winners: 0,
        };
        g.start_hand();
        g
    }

    fn next_deal(&mut self, dealer: u8) -> Deal {
        match self.deals.pop_front() {
            Some(d) => d,
            None => deal_random(&self.rules, dealer, &mut self.rng),
        }
    }

    fn start_hand(&mut self) {
        let h = self.history.len() as u64;
        let dealer = ((u64::from(self.first_dealer) + h) % 4) as u8;
        let deal = self.next_deal(dealer);
        self.state = SpadesState::new(&self.rules, deal, dealer, h, self.totals, self.bags);
    }

    /// The rules.
    pub const fn rules(&self) -> &SpadesRules {
        &self.rules
    }
    /// The current hand (the last one once the game is over).
    pub const fn state(&self) -> &SpadesState {
        &self.state
    }
    /// Whether the game is over.
    pub const fn is_over(&self) -> bool {
        self.over
    }
    /// The winning teams as a bit mask (bit t = team t); 0 while not over.
    pub const fn winners(&self) -> u8 {
        self.winners
    }
    /// Running team totals.
    pub const fn totals(&self) -> [i64; 2] {
        self.totals
    }
    /// Running team bag counters.
    pub const fn bags(&self) -> [i64; 2] {
        self.bags
    }
    /// Completed hands.
    pub fn history(&self) -> &[HandRecord] {
        &self.history
    }
    /// The phase: the current hand's, or `Over` once the game is over.
    pub fn phase(&self) -> Phase {
        if self.over {
            Phase::Over
        } else {
            self.state.phase()
        }
    }

    /// Runs `f` on the current hand (if the game is not over), then scores the hand and
    /// deals the next one when it is complete. `f`'s result is returned.
    pub fn act<T>(&mut self, f: impl FnOnce(&mut SpadesState) -> T) -> T {
        let out = f(&mut self.state);
        if !self.over && self.state.phase() == Phase::Over {
            self.finish_hand();
        }
        out
    }

    /// A deficient-hand claim: the next deal of the queue or the RNG replaces the hand.
    pub fn claim_redeal(&mut self, seat: u8) -> Result<(), super::state::ClaimError> {
        self.state.check_claim(seat)?;
        let deal = self.next_deal(self.state.dealer());
        self.state.claim_redeal(seat, deal)
    }

    fn finish_hand(&mut self) {
        let score = self.state.score();
        for t in 0..2 {
            self.totals[t] += score.scores[t];
        }
        self.bags = score.bags_after;
        let bids = self.state.bids().map(|b| {
            b.unwrap_or(Bid {
                value: 0,
                nil: false,
                blind: false,
                bemo: None,
            })
        });
        self.history.push(HandRecord {
            dealer: self.state.dealer(),
            bids,
            tricks_taken: self.state.tricks_taken(),
            score,
            reneges: self.state.reneges(),
            totals: self.totals,
        });
        if let Some(w) = game_winners(&self.rules, score.boston, self.totals, self.history.len()) {
            self.over = true;
            self.winners = w;
            return;
        }
        self.played.push(self.state.clone());
        self.start_hand();
    }
}

/// The end rules after a hand (B-22, 0.6, 0.7): the winning teams as a bit mask (bit t =
/// team t) if the game ends, given the Boston of the hand just scored, the totals after it
/// and the number of hands played. [`SpadesGame`] and the batch's game kernel both end a
/// game here.
#[inline]
pub fn game_winners(
    r: &SpadesRules,
    boston: Option<u8>,
    totals: [i64; 2],
    hands_played: usize,
) -> Option<u8> {
    if let (Some(t), Boston::WinsGame) = (boston, r.boston) {
        return Some(1 << t);
    }
    let max_reached = r.max_hands.is_some_and(|m| hands_played >= m as usize);
    let ends = totals.iter().any(|&x| {
        x >= r.win_score
            || r.lose_score.is_some_and(|l| x <= l)
            || (r.negative_inverse_loses && x <= -r.win_score)
    }) || max_reached;
    if ends {
        let [a, b] = totals;
        if a != b {
            return Some(if a > b { 1 } else { 2 });
        }
        if r.tie == Tie::Share || max_reached {
            return Some(3);
        }
    }
    None
}

// ---------------------------------------------------------------- text form

impl SpadesGame {
    /// The `spades-game` text (docs/text-format.md §4.4).
    pub fn to_text(&self) -> String {
        let mut out = header(Kind::SpadesGame);
        out.push_str(&rules_line(&self.rules));
        let _ = writeln!(
            out,
            "game first_dealer={} totals={} bags={}",
            self.first_dealer,
            pair_text(self.start_totals),
            pair_text(self.start_bags)
        );
        for s in self.played.iter().chain(std::iter::once(&self.state)) {
            write_block(s, &mut out);
        }
        write_future(self.rng, &self.deals, &mut out);
        out
    }

    /// Reads a `spades-game` text, replaying every hand.
    pub fn from_text(text: &str) -> Result<SpadesGame, TextError> {
        let mut lines = Lines::new(text, Kind::SpadesGame)?;
        let rules: SpadesRules = read_rules(&mut lines)?;
        let game = lines.expect("game")?;
        let v = game.pairs(&["first_dealer", "totals", "bags"])?;
        let first_dealer = game.at(int::<u8>("first_dealer", v[0]))?;
        if first_dealer >= 4 {
            return Err(game.err(syntax(
                format!("first_dealer {first_dealer}"),
                "a seat 0..=3",
            )));
        }
        let pair = |what: &str, t: &str| -> Result<[i64; 2], TextError> {
            let xs = game.at(crate::core::text::int_list::<i64>(what, t))?;
            <[i64; 2]>::try_from(xs)
                .map_err(|_| game.err(syntax(format!("{what} {t:?}"), "two ints")))
        };
        let (totals, bags) = (pair("totals", v[1])?, pair("bags", v[2])?);
        SpadesState::check_scores(&rules, totals, bags)
            .map_err(|e| game.err(TextProblem::Inconsistent(e.to_string())))?;
        let mut blocks = vec![read_block(&mut lines, &rules)?];
        while lines.peek() == Some("hand") {
            blocks.push(read_block(&mut lines, &rules)?);
        }
        let (rng, queue) = read_future(&mut lines, &rules)?;
        lines.finish()?;
        let recorded: Vec<Deal> = blocks
            .iter()
            .flat_map(|b| std::iter::once(b.deal).chain(b.redeals.iter().map(|r| r.2)))
            .collect();
        let mut g = SpadesGame::new(&rules, Rng::new(0), first_dealer, recorded, totals, bags);
        for (h, b) in blocks.iter().enumerate() {
            let s = &g.state;
            if (b.hand.dealer, b.hand.index, b.totals, b.bags)
                != (s.dealer(), s.hand_index(), s.totals(), s.bags())
            {
                let [t0, t1] = s.totals();
                let [b0, b1] = s.bags();
                return Err(b.hand.line.err(TextProblem::Inconsistent(format!(
                    "hand {h} of this game has dealer={} index={h} totals={t0},{t1} bags={b0},{b1}",
                    s.dealer()
                ))));
            }
            for (line, seat, _) in &b.redeals {
                g.claim_redeal(*seat)
                    .map_err(|e| refused_claim(line, *seat, e.to_string()))?;
            }
            for a in &b.actions.list {
                if g.history.len() > h {
                    return Err(b.actions.line.err(TextProblem::Inconsistent(format!(
                        "hand {h} is over; {} cannot follow",
                        a.token()
                    ))));
                }
                g.act(|s| b.actions.line.at(apply(s, *a)))?;
            }
            let (ended, next) = ((g.history.len() > h, g.over), blocks.get(h + 1));
            check_hand_chain(h, ended, next.map(|n| &n.hand.line), &b.actions.line)?;
        }
        g.rng = rng;
        g.deals = queue;
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::text::{check_resumes, TextIo};

    #[test]
    fn a_game_round_trips_at_every_step_and_deals_on_identically() {
        let rules = SpadesRules {
            max_hands: Some(3),
            ..SpadesRules::default()
        };
        let mut rng = Rng::new(2);
        let queued = vec![deal_random(&rules, 1, &mut rng)];
        let g = SpadesGame::new(&rules, Rng::new(7), 1, queued, [10, -20], [3, 4]);
        let step = |g: &mut SpadesGame, rng: &mut Rng| {
            g.act(|s| {
                if s.phase() == Phase::Bid {
                    let legal = s.legal_bids();
                    let v = (0..=13u8)
                        .filter(|v| legal >> v & 1 != 0)
                        .min_by_key(|v| v.abs_diff(3))
                        .unwrap();
                    s.try_bid(v, false, None).unwrap();
                } else {
                    let legal = s.legal_plays();
                    s.try_play(legal.nth(rng.below(legal.count())).unwrap())
                        .unwrap();
                }
            });
        };
        let io: TextIo<SpadesGame> = (
            SpadesGame::to_text,
            SpadesGame::from_text,
            SpadesGame::is_over,
        );
        let g = check_resumes(g, rng, 12, io, step);
        assert_eq!(g.history().len(), 3);
    }
}
