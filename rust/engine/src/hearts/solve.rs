//! The Hearts problem of the open-hand solver (docs/solver.md, objective `"points"`): the
//! seat's hand score h_seat (A-20, A-21, A.6), which the seat lowers and every other seat
//! raises. Positions are [`HeartsState`] itself: the search plays by the engine's own rules.

use super::rules::{HeartsRules, Moon};
use super::state::{HeartsState, Phase};
use crate::core::{Card, CardSet, Trick};
use crate::solve::{relative_rank, Position, Problem, SolveError};

/// The objectives of Hearts, the default first.
pub const OBJECTIVES: &[&str] = &["points"];

impl Position for HeartsState {
    #[inline]
    fn to_play(&self) -> u8 {
        self.current_player().unwrap_or(0)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.phase() == Phase::Over
    }

    #[inline]
    fn legal(&self) -> CardSet {
        self.legal_plays()
    }

    #[inline]
    fn play(&mut self, card: Card) {
        self.play_unchecked(card);
    }

    #[inline]
    fn trick(&self) -> &Trick {
        HeartsState::trick(self)
    }

    #[inline]
    fn hands(&self) -> &[CardSet] {
        HeartsState::hands(self)
    }
}

/// The `"points"` objective of one seat under one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeartsProblem {
    rules: HeartsRules,
    seat: u8,
    /// V.
    total: i32,
    /// The penalty cards in play.
    penalty: CardSet,
    /// Cards a moon needs: the penalty cards, and J♦ when it is required.
    moon_needs: CardSet,
    /// Cards scored unlike the others of their suit: Q♠, A♠ and K♠ (V-A2), J♦ (V-A3).
    special: CardSet,
}

impl HeartsProblem {
    /// The problem of `state` (a hand in play) for `seat` (default: the player to move) and
    /// `objective` (default and only: `"points"`). Checks the objective, the seat and the
    /// phase, in that order.
    pub fn new(
        state: &HeartsState,
        seat: Option<u8>,
        objective: Option<&str>,
    ) -> Result<HeartsProblem, SolveError> {
        if let Some(name) = objective.filter(|&o| !OBJECTIVES.contains(&o)) {
            return Err(SolveError::NoSuchObjective {
                name: name.to_owned(),
                game: "HeartsState",
                allowed: "points",
            });
        }
        let players = state.num_players();
        if let Some(seat) = seat.filter(|&s| s >= players) {
            return Err(SolveError::NoSuchSeat { seat, players });
        }
        if state.phase() != Phase::Play {
            return Err(SolveError::NotInPlay {
                game: "HeartsState",
                phase: state.phase().name(),
            });
        }
        let rules = *state.rules();
        let penalty = rules.penalty_cards();
        let jack = CardSet::single(Card::JACK_OF_DIAMONDS) & rules.deck();
        let mut special = penalty - CardSet::HEARTS;
        let mut moon_needs = penalty;
        if rules.jack_of_diamonds {
            special |= jack;
            if rules.moon_requires_jack {
                moon_needs |= jack;
            }
        }
        Ok(HeartsProblem {
            rules,
            seat: seat.unwrap_or_else(|| Position::to_play(state)),
            total: rules.total_penalty() as i32,
            penalty,
            moon_needs,
            special,
        })
    }

    /// The seat whose points are valued.
    pub const fn seat(&self) -> u8 {
        self.seat
    }

    /// Who can still shoot the moon.
    fn shooter(&self, pos: &HeartsState) -> Shooter {
        if self.rules.moon == Moon::None {
            return Shooter::Nobody;
        }
        let mut shooter = Shooter::Anybody;
        for (s, &c) in pos.captured().iter().enumerate() {
            if !(c & self.moon_needs).is_empty() {
                if shooter != Shooter::Anybody {
                    return Shooter::Nobody;
                }
                shooter = Shooter::Only(s as u8);
            }
        }
        shooter
    }

    /// The J♦ bonus the seat can still end with: `(least, most)`.
    fn bonus_range(&self, pos: &HeartsState) -> (i32, i32) {
        if !self.rules.jack_of_diamonds {
            return (0, 0);
        }
        let mine = pos.captured()[usize::from(self.seat)];
        if mine.contains(Card::JACK_OF_DIAMONDS) {
            (10, 10)
        } else if pos.played().contains(Card::JACK_OF_DIAMONDS) {
            (0, 0)
        } else {
            (0, 10)
        }
    }
}

/// Who can still shoot the moon.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Shooter {
    /// Anybody: nobody has captured a card the moon needs.
    Anybody,
    /// Only this seat: it has captured every card the moon needs captured so far.
    Only(u8),
    /// Nobody: two seats have captured such cards, or the rules have no moon.
    Nobody,
}

/// Extends `(lo, hi)` to take in every value of `values`.
fn widen((lo, hi): (i32, i32), values: (i32, i32)) -> (i32, i32) {
    (lo.min(values.0), hi.max(values.1))
}

impl Problem for HeartsProblem {
    type Pos = HeartsState;

    #[inline]
    fn maximizes(&self, mover: u8) -> bool {
        mover != self.seat
    }

    #[inline]
    fn leaf(&self, pos: &HeartsState) -> i32 {
        pos.hand_scores()[usize::from(self.seat)]
    }

    fn bounds(&self, pos: &HeartsState) -> (i32, i32) {
        let seat = usize::from(self.seat);
        let captured = pos.captured();
        let mine = self.rules.penalty_of(captured[seat]) as i32;
        let taken: i32 = captured
            .iter()
            .map(|&c| self.rules.penalty_of(c & self.penalty) as i32)
            .sum();
        let left = self.total - taken;
        let (bon_lo, bon_hi) = self.bonus_range(pos);
        // No moon: the seat's penalty lies in mine..=mine + left, less the bonuses.
        let trickless = if pos.tricks_taken()[seat] == 0 {
            self.rules.avoid_all_tricks_bonus as i32
        } else {
            0
        };
        let mut range = (mine - bon_hi - trickless, mine + left - bon_lo);
        let v = self.total;
        let shooter = self.shooter(pos);
        let (mine_moon, other_moon) = match self.rules.moon {
            Moon::SubtractSelf => ((-v - bon_hi, -v - bon_lo), (-bon_hi, -bon_lo)),
            _ => ((-bon_hi, -bon_lo), (v - bon_hi, v - bon_lo)),
        };
        if shooter == Shooter::Anybody || shooter == Shooter::Only(self.seat) {
            range = widen(range, mine_moon);
        }
        if shooter != Shooter::Nobody && shooter != Shooter::Only(self.seat) {
            range = widen(range, other_moon);
        }
        range
    }

    fn summary(&self, pos: &HeartsState, live: CardSet) -> Option<(u64, i32)> {
        if pos.trick_number() == 1 {
            return None; // trick 1 has rules of its own (A-7, A-15, V-A1)
        }
        let seat = usize::from(self.seat);
        let captured = pos.captured();
        let shooter = self.shooter(pos);
        let mine = self.rules.penalty_of(captured[seat]) as i32;
        let jack = captured
            .iter()
            .position(|c| c.contains(Card::JACK_OF_DIAMONDS))
            .map_or(0, |s| s as u64 + 1);
        let took = u64::from(pos.tricks_taken()[seat] > 0);
        let moon = match shooter {
            Shooter::Nobody => 15,
            Shooter::Anybody => 0,
            Shooter::Only(s) => u64::from(s) + 1,
        };
        let mut summary = u64::from(Position::to_play(pos))
            // Broken hearts matter to the leads only under A-14.
            | u64::from(pos.hearts_broken() && self.rules.hearts_must_be_broken) << 3
            | took << 4
            | jack << 8
            | moon << 12;
        // Q♠, A♠, K♠ and J♦ by their relative rank while held (15: played).
        for (i, card) in self.special.into_iter().enumerate() {
            let rank = if live.contains(card) {
                u64::from(relative_rank(live, card))
            } else {
                15
            };
            summary |= rank << (24 + 4 * i);
        }
        // With no moon possible the seat's points so far only add to the rest of the hand:
        // store the value relative to them, so positions that differ only in those share.
        let offset = if shooter == Shooter::Nobody {
            mine
        } else {
            summary |= (mine as u64) << 16;
            0
        };
        Some((summary, offset))
    }

    #[inline]
    fn same_score(&self, a: Card, b: Card) -> bool {
        !self.special.contains(a) && !self.special.contains(b)
    }

    fn priority(&self, pos: &HeartsState, card: Card) -> i32 {
        let rank = i32::from(card.id() % 13);
        let points = self.rules.penalty_of(CardSet::single(card)) as i32;
        let mover = Position::to_play(pos);
        let trick = HeartsState::trick(pos);
        let Some((_, lead)) = trick.plays().next() else {
            // Lead low, keep the penalty cards.
            return -rank - 20 * points;
        };
        let winning = trick.winning_card(CardSet::EMPTY).unwrap_or(lead);
        let follows = card.id() / 13 == lead.id() / 13;
        if mover == self.seat {
            // The seat ducks under the winner, or wins as low as it can; when void it
            // sheds its penalty cards and high cards.
            if !follows {
                100 * points + rank
            } else if card.id() < winning.id() {
                100 + rank
            } else {
                -rank
            }
        } else {
            let seat_winning = trick.seat_of(winning) == Some(self.seat);
            if !follows {
                100 * points + rank
            } else if seat_winning && card.id() < winning.id() {
                100 + rank
            } else {
                -rank
            }
        }
    }
}
