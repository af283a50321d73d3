//! The Spades problems of the open-hand solver (docs/solver.md): `"tricks"`, the tricks of
//! the seat's team at the end of the hand, and `"score"`, the team's hand score (B-17..B-21,
//! B.3, B-27); the team raises it and the opponents lower it. Positions are
//! [`SpadesPosition`], the play part of a [`SpadesState`], which plays by the same
//! [`PlayRules`] and trick rule (B-13).

use super::rules::SpadesRules;
use super::state::{score_hand, team_of, Bid, Phase, PlayRules, SpadesState};
use crate::core::{Card, CardSet, Trick};
use crate::solve::{Position, Problem, SolveError, GROUPS};

/// The objectives of Spades, the default first.
pub const OBJECTIVES: &[&str] = &["tricks", "score"];

/// The play part of a Spades hand: what the rest of the hand depends on.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct SpadesPosition {
    rules: PlayRules,
    hands: [CardSet; 4],
    trick: Trick,
    current: u8,
    /// Cards played so far (52 once the hand is over).
    plays: u8,
    broken: bool,
    tricks_taken: [u8; 4],
    /// Bit i: the team won trick i + 1 (for bemo, B.3 #9).
    won: [u16; 2],
}

impl SpadesPosition {
    /// The play part of `state`.
    pub fn of(state: &SpadesState) -> SpadesPosition {
        let mut won = [0u16; 2];
        for (i, &w) in state.trick_winners().iter().enumerate() {
            won[team_of(w)] |= 1 << i;
        }
        SpadesPosition {
            rules: PlayRules::of(state.rules()),
            hands: state.hands(),
            trick: *state.trick(),
            current: state.current_player().unwrap_or(0),
            plays: state.plays().count() as u8,
            broken: state.spades_broken(),
            tricks_taken: state.tricks_taken(),
            won,
        }
    }

    /// Tricks the leader's team is sure to win from a trick boundary (not trick 1): in each
    /// suit the leader may lead, its run of top cards, counted while neither opponent can
    /// ruff them (an opponent holding spades wins nothing of a suit it still follows).
    fn quick_tricks(&self) -> i32 {
        if self.plays == 0 || !self.trick.is_empty() {
            return 0;
        }
        let leader = usize::from(self.current);
        let hand = self.hands[leader];
        let leadable = self.rules.legal(hand, &Trick::new(), false, self.broken);
        let live = self.hands.iter().fold(0, |a, h| a | h.0);
        let opponents = [self.hands[(leader + 1) % 4], self.hands[(leader + 3) % 4]];
        let mut total = 0;
        for (g, &mask) in GROUPS.iter().enumerate() {
            if leadable.0 & mask == 0 {
                continue;
            }
            let mut rest = live & mask;
            let mut run = 0;
            while rest != 0 {
                let top = rest.ilog2();
                if hand.0 >> top & 1 == 0 {
                    break;
                }
                run += 1;
                rest ^= 1 << top;
            }
            if g != 3 {
                for o in opponents {
                    if !(o & CardSet::SPADE_SUIT).is_empty() {
                        run = run.min((o.0 & mask).count_ones());
                    }
                }
            }
            total += run;
        }
        total as i32
    }

    /// Tricks each team is sure to win at a trick boundary because of its trumps: a seat's
    /// spade-suit cards above every one the other team holds win each its own trick (every
    /// card is played, and only a higher trump beats one). The most of the team's two seats.
    fn trump_tricks(&self) -> [i32; 2] {
        let trumps = self.hands.map(|h| h.0 & CardSet::SPADE_SUIT.0);
        let mut out = [0; 2];
        for team in 0..2 {
            let theirs = trumps[1 - team] | trumps[3 - team];
            // Cards above the other team's highest trump.
            let above = if theirs == 0 {
                u64::MAX
            } else {
                !((2u64 << theirs.ilog2()) - 1)
            };
            out[team] = (trumps[team] & above)
                .count_ones()
                .max((trumps[team + 2] & above).count_ones()) as i32;
        }
        out
    }

    /// The tricks still to be completed, the current one included.
    fn tricks_left(&self) -> i32 {
        (52 - i32::from(self.plays) + 3) / 4
    }
}

impl Position for SpadesPosition {
    #[inline]
    fn to_play(&self) -> u8 {
        self.current
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.plays == 52
    }

    #[inline]
    fn legal(&self) -> CardSet {
        self.rules.legal(
            self.hands[usize::from(self.current)],
            &self.trick,
            self.plays == 0,
            self.broken,
        )
    }

    #[inline]
    fn play(&mut self, card: Card) {
        let seat = self.current;
        self.hands[usize::from(seat)].remove(card);
        self.trick.push(seat, card);
        self.plays += 1;
        if self.trick.len() < 4 {
            self.current = (seat + 1) % 4;
            return;
        }
        // B-13: the highest spade-suit card wins, else the highest of the led suit.
        let winner = self.trick.winner(CardSet::SPADE_SUIT).unwrap_or(seat);
        if !(self.trick.cards() & CardSet::SPADE_SUIT).is_empty() {
            self.broken = true;
        }
        self.tricks_taken[usize::from(winner)] += 1;
        self.won[team_of(winner)] |= 1 << ((self.plays - 1) / 4);
        self.trick = Trick::new();
        self.current = winner;
    }

    #[inline]
    fn trick(&self) -> &Trick {
        &self.trick
    }

    #[inline]
    fn hands(&self) -> &[CardSet] {
        &self.hands
    }
}

/// What the score objective needs beyond the tricks.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Scoring {
    rules: SpadesRules,
    bids: [Bid; 4],
    bags_before: [i64; 2],
    reneged: [bool; 2],
    /// Some seat declared a bemo, so which tricks a team won matters.
    bemo: bool,
}

/// One Spades objective of one team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpadesProblem {
    /// The seat's team (0 or 1).
    team: u8,
    /// `None`: the tricks objective; else the score objective's context.
    scoring: Option<Box<Scoring>>,
}

impl SpadesProblem {
    /// The problem of `state` (a hand in play) for `seat` (default: the player to move) and
    /// `objective` (`"tricks"`, the default, or `"score"`). Checks the objective, the seat
    /// and the phase, in that order.
    pub fn new(
        state: &SpadesState,
        seat: Option<u8>,
        objective: Option<&str>,
    ) -> Result<SpadesProblem, SolveError> {
        let score = match objective {
            None | Some("tricks") => false,
            Some("score") => true,
            Some(name) => {
                return Err(SolveError::NoSuchObjective {
                    name: name.to_owned(),
                    game: "SpadesState",
                    allowed: "tricks, score",
                })
            }
        };
        if let Some(seat) = seat.filter(|&s| s >= 4) {
            return Err(SolveError::NoSuchSeat { seat, players: 4 });
        }
        if state.phase() != Phase::Play {
            return Err(SolveError::NotInPlay {
                game: "SpadesState",
                phase: state.phase().name(),
            });
        }
        let seat = seat.unwrap_or_else(|| state.current_player().unwrap_or(0));
        let scoring = score.then(|| {
            let bids = state.bids().map(Option::unwrap_or_default);
            let mut reneged = [false; 2];
            for (_, s, _) in state.reneges() {
                reneged[team_of(s)] = true;
            }
            Box::new(Scoring {
                rules: *state.rules(),
                bids,
                bags_before: state.bags(),
                reneged,
                bemo: bids.iter().any(|b| b.bemo.is_some()),
            })
        });
        Ok(SpadesProblem {
            team: seat % 2,
            scoring,
        })
    }

    /// The team's score if the hand ended with these tricks.
    fn score(&self, s: &Scoring, tricks_taken: [u8; 4], won: [u16; 2]) -> i32 {
        let out = score_hand(
            &s.rules,
            &s.bids,
            tricks_taken,
            won,
            s.bags_before,
            s.reneged,
        );
        clamp(out.scores[usize::from(self.team)])
    }

    /// The team's tricks so far.
    fn team_tricks(&self, pos: &SpadesPosition) -> i32 {
        let t = usize::from(self.team);
        i32::from(pos.tricks_taken[t] + pos.tricks_taken[t + 2])
    }

    /// The least and the most score of every way the tricks left can fall, and every bemo
    /// outcome still open.
    fn score_range(&self, s: &Scoring, pos: &SpadesPosition) -> (i32, i32) {
        let left = pos.tricks_left() as u8;
        let done = (pos.plays / 4) as usize;
        let wins: Vec<[u16; 2]> = if s.bemo {
            // Bemo is won with the first 6 or 9 tricks: a team's won mask is all of them or
            // none, and each is still open unless those tricks are complete.
            let open = |t: usize| {
                let all = (1u16 << 9) - 1;
                let w = pos.won[t] & ((1u16 << done) - 1);
                if done >= 9 || w != (1u16 << done) - 1 {
                    vec![pos.won[t]]
                } else {
                    vec![all, 0]
                }
            };
            let (a, b) = (open(0), open(1));
            a.iter()
                .flat_map(|&x| b.iter().map(move |&y| [x, y]))
                .collect()
        } else {
            vec![pos.won]
        };
        let (mut lo, mut hi) = (i32::MAX, i32::MIN);
        for a in 0..=left {
            for b in 0..=left - a {
                for c in 0..=left - a - b {
                    let d = left - a - b - c;
                    let t = pos.tricks_taken;
                    let taken = [t[0] + a, t[1] + b, t[2] + c, t[3] + d];
                    for &won in &wins {
                        let v = self.score(s, taken, won);
                        lo = lo.min(v);
                        hi = hi.max(v);
                    }
                }
            }
        }
        (lo, hi)
    }
}

/// A hand score as an `i32` (the rules' values are bounded far below its range).
fn clamp(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN / 2), i64::from(i32::MAX / 2)) as i32
}

impl Problem for SpadesProblem {
    type Pos = SpadesPosition;

    #[inline]
    fn maximizes(&self, mover: u8) -> bool {
        mover % 2 == self.team
    }

    #[inline]
    fn leaf(&self, pos: &SpadesPosition) -> i32 {
        match &self.scoring {
            None => self.team_tricks(pos),
            Some(s) => self.score(s, pos.tricks_taken, pos.won),
        }
    }

    fn bounds(&self, pos: &SpadesPosition) -> (i32, i32) {
        match &self.scoring {
            None => {
                let t = self.team_tricks(pos);
                let mut sure = [0; 2];
                if pos.trick.is_empty() {
                    sure = pos.trump_tricks();
                    let leaders = usize::from(pos.current % 2);
                    sure[leaders] = sure[leaders].max(pos.quick_tricks());
                }
                let (ours, theirs) = (
                    sure[usize::from(self.team)],
                    sure[usize::from(1 - self.team)],
                );
                (t + ours, t + pos.tricks_left() - theirs)
            }
            Some(s) => self.score_range(s, pos),
        }
    }

    fn summary(&self, pos: &SpadesPosition, _: CardSet) -> Option<(u64, i32)> {
        if pos.plays == 0 {
            return None; // trick 1 has lead rules of its own (B-10, B.3 #7)
        }
        // Whether spades are broken matters to the leads only under B.3 #1.
        let broken = pos.broken && pos.rules.must_break();
        let mut summary = u64::from(pos.current) | u64::from(broken) << 2;
        let offset = match &self.scoring {
            // The tricks to come only add to the team's tricks so far.
            None => self.team_tricks(pos),
            Some(s) => {
                for (i, &t) in pos.tricks_taken.iter().enumerate() {
                    summary |= u64::from(t) << (8 + 4 * i);
                }
                if s.bemo {
                    summary |= u64::from(pos.won[0]) << 32 | u64::from(pos.won[1]) << 48;
                }
                0
            }
        };
        Some((summary, offset))
    }

    #[inline]
    fn same_score(&self, _: Card, _: Card) -> bool {
        true
    }

    fn priority(&self, pos: &SpadesPosition, card: Card) -> i32 {
        let me = usize::from(pos.current);
        let g = usize::from((card.id() / 13).min(3));
        let mask = GROUPS[g];
        // The card's rank within its suit group, 0 the lowest.
        let rank = i32::from(card.id()) - mask.trailing_zeros() as i32;
        let Some((_, lead)) = pos.trick.plays().next() else {
            // Lead: cash a winner the opponents cannot ruff, else lead low toward the
            // partner's winner, else lead low.
            let live = pos.hands.iter().fold(0, |a, h| a | h.0) & mask;
            let top = live.ilog2();
            let holder = pos.hands.iter().position(|h| h.0 >> top & 1 != 0);
            let safe = g == 3
                || [(me + 1) % 4, (me + 3) % 4].iter().all(|&o| {
                    let h = pos.hands[o].0;
                    h & mask != 0 || h & CardSet::SPADE_SUIT.0 == 0
                });
            return if u32::from(card.id()) == top && safe {
                1000
            } else if holder == Some((me + 2) % 4) {
                500 - rank
            } else {
                100 - rank
            };
        };
        let winning = pos.trick.winning_card(CardSet::SPADE_SUIT).unwrap_or(lead);
        let partner_wins = pos
            .trick
            .seat_of(winning)
            .is_some_and(|s| s % 2 == pos.current % 2);
        let trump = CardSet::SPADE_SUIT.contains(card);
        let beats = (trump && !CardSet::SPADE_SUIT.contains(winning))
            || (card.id() > winning.id() && (trump || card.id() / 13 == winning.id() / 13));
        if !partner_wins && beats {
            400 - rank // win as cheaply as possible
        } else if trump && card.id() / 13 != lead.id() / 13 {
            -100 - rank // keep the trumps
        } else {
            100 - rank // else play low
        }
    }
}
